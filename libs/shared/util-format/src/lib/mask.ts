/**
 * Every digit but the last `keep` becomes '*' ('123456/78/9', 5 -> '****56/78/9';
 * '+260971234567', 3 -> '+*********567'). The one mask for identifiers staff see in lists,
 * pickers, previews and message details; applied by the server before the data leaves it.
 */
export function maskDigits(value: string, keep: number): string {
  let toMask = Math.max(0, (value.match(/\d/g)?.length ?? 0) - keep);
  return value.replace(/\d/g, (d) => (toMask-- > 0 ? '*' : d));
}

/** Digits of a mobile number kept in clear: enough to tell two namesakes apart. */
export const MOBILE_DIGITS_SHOWN = 3;

/** A message's recipient as staff may see it: a mobile number masked, an e-mail address as it is. */
export function maskRecipient(recipient: string): string {
  return recipient.includes('@') ? recipient : maskDigits(recipient, MOBILE_DIGITS_SHOWN);
}
