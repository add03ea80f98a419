export * from './command';
export {
  approve,
  countDecidable,
  dedupeKeyOf,
  expirePendingActions,
  hold,
  listRequests,
  loadActingUser,
  needsChecker,
  readMakerChecker,
  reject,
  requestActor,
  requestById,
  runChecked,
  runNow,
  SAME_PENDING,
  writeMakerChecker,
  type Checker,
  type Viewer,
} from './service';
export { approvalsServer } from './routes';
