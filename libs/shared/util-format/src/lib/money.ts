/**
 * The one money formatter (NOTES.md "Display"): `formatMoney` -> `ZMW 12,500.00`, `formatAmount`
 * -> `12,500.00`, exact for the api's decimal strings. It lives beside the money values in
 * @loan/shared-contract so the contract's own messages use it too; screens, SMS, CSV and
 * receipts import it from here. A lint rule (eslint.config.mjs, "money") refuses hand-made
 * `${amount} ZMW` copies.
 */
export { formatAmount, formatMoney } from '@loan/shared-contract';
