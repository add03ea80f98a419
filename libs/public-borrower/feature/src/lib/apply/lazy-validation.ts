import { useEffect, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * Lazy validation: /apply's checks (validation.ts, with zod) load as their own chunk right
 * after the page shows, not before it (issue 18: all the JS a phone downloads to show /apply).
 * Every caller awaits the same import; a check made before it arrives waits for it.
 */
export type Validation = typeof import('./validation');

let loaded: Validation | null = null;
let loading: Promise<Validation> | null = null;

export function loadValidation(): Promise<Validation> {
  loading ??= import('./validation').then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}

/** The checks once loaded (null until then); starts loading them on first use. */
export function useValidation(): Validation | null {
  const [v, setV] = useState<Validation | null>(loaded);
  useEffect(() => {
    if (v) return undefined;
    let live = true;
    void loadValidation().then((m) => live && setV(m));
    return () => {
      live = false;
    };
  }, [v]);
  return v;
}

/** A react-hook-form resolver that loads the checks on its first call and runs `pick(checks)`. */
export function lazyResolver<TIn extends FieldValues, TOut, TContext = unknown>(
  pick: (v: Validation) => Resolver<TIn, TContext, TOut>,
): Resolver<TIn, TContext, TOut> {
  return async (values, context, options) => pick(await loadValidation())(values, context, options);
}
