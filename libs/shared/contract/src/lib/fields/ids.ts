import { z } from 'zod';

/**
 * A database id on the wire: digits, no sign, no leading zero, no exponent or point, at
 * most 18 digits (every such number fits a PostgreSQL bigint). `true`, `0x10`, `1e1`, `01`,
 * `1.0` and '' are refused rather than coerced: a coerced id once turned `true` into 1.
 */
export const ID_PATTERN = /^[1-9]\d{0,17}$/;
/** Most ids one list call (delete, assign) takes. */
export const ID_LIST_MAX = 500;

const ID_MESSAGE = 'Must be an id: a whole number from 1.';

/**
 * A whole number from 1 to `max`, as digits (path, query) or a JSON integer (body). Ids
 * are JavaScript numbers inside, so anything above Number.MAX_SAFE_INTEGER is refused too.
 */
export function wholeNumberField(max: number, message: string) {
  return z
    .union([z.string({ error: message }).regex(ID_PATTERN, message), z.number({ error: message }).int(message)], {
      error: message,
    })
    .transform(Number)
    .refine((n) => n >= 1 && n <= Math.min(max, Number.MAX_SAFE_INTEGER), message);
}

export const idSchema = wholeNumberField(Number.MAX_SAFE_INTEGER, ID_MESSAGE);

export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.output<typeof idParamsSchema>;

/**
 * Ids of a bulk call (`DELETE ... { ids }`): a JSON array, one id, or `1,2,3` as a query
 * parameter sends it; repeated ids count once.
 */
export const idListSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [v] : v),
  z
    .array(idSchema, { error: 'Must be a list of ids.' })
    .min(1, 'Choose at least one.')
    .max(ID_LIST_MAX, `At most ${ID_LIST_MAX} at once.`)
    .transform((ids) => [...new Set(ids)]),
);

/** `{ ids: [1, 2] }`: the body of the DELETE calls that take ids. */
export const idsBodySchema = z.object({ ids: idListSchema }).strict();
export type IdsBody = z.output<typeof idsBodySchema>;
