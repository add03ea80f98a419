import { lazy } from 'react';

export { ApplyPage } from './lib/apply/apply-page';
/**
 * The contract page (with signature_pad) is a chunk of its own, so a phone opening /apply
 * downloads none of it (bundle budget, tools/bundle-report). An app that loads this lib
 * lazily itself (the portal) lazy-loads through `loadContractPage`: `ContractPage` is already
 * lazy, and React cannot render a lazy component that resolves to another lazy one.
 */
export const loadContractPage = () => import('./lib/contract/contract-page').then((m) => ({ default: m.ContractPage }));
export const ContractPage = lazy(loadContractPage);
