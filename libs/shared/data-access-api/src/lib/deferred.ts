import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { ReactReduxContext } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { apiReady } from './api-ready';

// Deferred calls: a page that must SHOW before RTK Query has downloaded (the borrower app's
// /apply, issue 18: all the JS a phone downloads to show it) calls its endpoints through
// these hooks. Each takes a loader of its endpoint (a dynamic import of the data-access
// module that injects it): the endpoint, the api slice and, in the borrower app, the store
// itself load right after the page shows, and a call made before then waits for them.
// The calls are RTK Query's own (`endpoint.initiate`, the one api slice, its base query):
// only the hook around them differs from the generated `useXMutation`/`useXQuery`.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDispatch = ThunkDispatch<any, unknown, UnknownAction>;
/** Something with `dispatch`: a redux store. */
export interface DispatchHolder {
  dispatch: AnyDispatch;
}

/**
 * Where deferred calls find the store: a loader of it (the borrower app, whose store loads
 * after /apply shows). Without this, the store of the nearest react-redux `<Provider>` (the
 * portal, the tests, the workbench), once it has the api slice (`apiReady`).
 */
export const DeferredStoreContext = createContext<(() => Promise<DispatchHolder>) | null>(null);

/** A function that resolves to the store's dispatch once the store and its api slice are there. */
export function useDeferredDispatch(): () => Promise<AnyDispatch> {
  const load = useContext(DeferredStoreContext);
  const store = useContext(ReactReduxContext)?.store as DispatchHolder | undefined;
  return useCallback(async () => {
    const holder = load ? await load() : store;
    if (!holder) throw new Error('Deferred calls need a react-redux <Provider> or a DeferredStoreContext');
    await holder.dispatch(apiReady());
    return holder.dispatch;
  }, [load, store]);
}

/** An RTK Query endpoint as these hooks use it. */
interface Endpoint {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  initiate: (arg: any, options?: any) => (...thunkArgs: any[]) => any;
}
type ArgOf<E extends Endpoint> = Parameters<E['initiate']>[0];
type OutcomeOf<E extends Endpoint> = Awaited<ReturnType<ReturnType<E['initiate']>>>;

/**
 * A loader that, on failure (the chunk could not be downloaded: a dropped connection), forgets
 * the failure so the next call tries again.
 */
export function retryingLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = null;
      throw e;
    }));
}

/** What a call answers when its code could not be downloaded: a fetch error, like a dropped request. */
function downloadError(e: unknown): { error: FetchBaseQueryError } {
  return { error: { status: 'FETCH_ERROR', error: e instanceof Error ? e.message : String(e) } };
}

/**
 * An RTK Query mutation loaded after the page shows: `[trigger, { isLoading, isError }]` as
 * the generated `useXMutation` gives them (the state of the latest call). `load` must be
 * stable (a module-level function). The result is not kept in the store (`track: false`):
 * the caller uses the promise's `{ data } | { error }`.
 */
export function useDeferredMutation<E extends Endpoint>(
  load: () => Promise<E>,
): [(arg: ArgOf<E>) => Promise<OutcomeOf<E> | { error: FetchBaseQueryError }>, { isLoading: boolean; isError: boolean }] {
  const getDispatch = useDeferredDispatch();
  const [state, setState] = useState({ isLoading: false, isError: false });
  const latest = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const trigger = useCallback(
    async (arg: ArgOf<E>) => {
      const id = (latest.current += 1);
      setState({ isLoading: true, isError: false });
      let outcome: OutcomeOf<E> | { error: FetchBaseQueryError };
      try {
        const [dispatch, endpoint] = await Promise.all([getDispatch(), load()]);
        outcome = await dispatch(endpoint.initiate(arg, { track: false }));
      } catch (e) {
        outcome = downloadError(e);
      }
      if (mounted.current && id === latest.current) setState({ isLoading: false, isError: 'error' in (outcome as object) });
      return outcome;
    },
    [getDispatch, load],
  );
  return [trigger, state];
}

/**
 * The data of an RTK Query query loaded after the page shows (undefined until it answers),
 * subscribed while the component is mounted as with the generated `useXQuery().data`. `load`
 * must be stable; `arg` a primitive (or undefined).
 */
export function useDeferredQueryData<E extends Endpoint>(
  load: () => Promise<E>,
  arg?: ArgOf<E>,
): (OutcomeOf<E> extends { data?: infer D } ? D : never) | undefined {
  const getDispatch = useDeferredDispatch();
  const [data, setData] = useState<(OutcomeOf<E> extends { data?: infer D } ? D : never) | undefined>();
  useEffect(() => {
    let live = true;
    let subscription: { unsubscribe: () => void } | undefined;
    Promise.all([getDispatch(), load()])
      .then(([dispatch, endpoint]) => {
        if (!live) return undefined;
        subscription = dispatch(endpoint.initiate(arg));
        return subscription as unknown as PromiseLike<{ data?: unknown }>;
      })
      .then((r) => {
        if (live && r?.data !== undefined) setData(r.data as never);
      })
      // Not downloaded or not answered: the page goes on without the data, as with a failed query.
      .catch(() => undefined);
    return () => {
      live = false;
      subscription?.unsubscribe();
    };
  }, [getDispatch, load, arg]);
  return data;
}
