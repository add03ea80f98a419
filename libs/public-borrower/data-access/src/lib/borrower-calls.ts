import { retryingLoader, useDeferredMutation } from '@loan/shared-data-access-api';
import type { borrowerApi } from './borrower-api';

// The borrower's calls for a page that shows before RTK Query has downloaded (/apply, issue 18:
// all the JS a phone downloads to show it). The endpoints are borrower-api.ts's, loaded with
// the first call (deferred.ts of shared-data-access-api), in their own chunk.

type Endpoints = typeof borrowerApi.endpoints;
/** The borrower's mutations. */
export type BorrowerMutation = {
  [K in keyof Endpoints]: Endpoints[K] extends { useMutation: unknown } ? K : never;
}[keyof Endpoints];

const endpoints = retryingLoader(() => import('./borrower-api').then((m) => m.borrowerApi.endpoints));
/** Starts downloading the borrower's endpoints (RTK Query with them) ahead of their first call. */
export const preloadBorrowerCalls = () => void endpoints().catch(() => undefined);

// One loader per endpoint: the hooks need a stable one.
const loaders = new Map<BorrowerMutation, () => Promise<unknown>>();
function loaderOf<K extends BorrowerMutation>(name: K): () => Promise<Endpoints[K]> {
  let load = loaders.get(name);
  if (!load) {
    load = () => endpoints().then((e) => e[name]);
    loaders.set(name, load);
  }
  return load as () => Promise<Endpoints[K]>;
}

/**
 * A borrower mutation by name, loaded on its first call: `useBorrowerMutation('checkRecord')`
 * gives what `useCheckRecordMutation()` gives, `[trigger, { isLoading, isError }]`.
 */
export function useBorrowerMutation<K extends BorrowerMutation>(name: K) {
  return useDeferredMutation(loaderOf(name));
}
