export { ApplyPage } from './lib/apply/apply-page';
export { ContractPage } from './lib/contract/contract-page';
