import { lazy } from 'react';

export { ApplyPage } from './lib/apply/apply-page';
/**
 * The contract page (with signature_pad) is a chunk of its own, so a phone opening /apply
 * downloads none of it (bundle budget, tools/bundle-report).
 */
export const ContractPage = lazy(() => import('./lib/contract/contract-page').then((m) => ({ default: m.ContractPage })));
