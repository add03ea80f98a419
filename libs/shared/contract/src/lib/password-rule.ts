import { z } from 'zod';

/**
 * The password rule of NOTES.md "Users and roles": at least 12 characters, not the
 * identifier, not a common password. Applied to every new password (reset, change,
 * create); sign-in accepts whatever was set before.
 */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

// No person types control characters; NUL would also break the text protocol of the
// database if a password ever reached it. Any other character (spaces, accents) is fine.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const NO_CONTROL = /^[^\u0000-\u001F\u007F]*$/;
export const PASSWORD_CONTROL_MESSAGE = 'Remove the control characters (such as NUL) from the password.';

/** A password as typed at sign-in: required, bounded, no control characters. */
export const passwordInputField = z
  .string({ error: 'The password field is required.' })
  .min(1, 'The password field is required.')
  .max(MAX_PASSWORD_LENGTH)
  .regex(NO_CONTROL, PASSWORD_CONTROL_MESSAGE);

/*
 * Words at the root of the passwords most often found in breach lists, and of the ones
 * people here are known to pick (the product, the lender's towns). A password that is one
 * of them, give or take digits and symbols around it, letter case, and the usual letter
 * substitutions (@ for a, 0 for o...), is common, however long.
 */
const COMMON_ROOTS = [
  'password', 'passw0rd', 'qwerty', 'qwertyuiop', 'asdfgh', 'asdfghjkl', 'zxcvbnm', 'letmein', 'welcome', 'iloveyou',
  'admin', 'administrator', 'login', 'master', 'monkey', 'dragon', 'football', 'baseball', 'sunshine', 'princess',
  'superman', 'batman', 'trustno', 'changeme', 'secret', 'default', 'abc', 'abcdef', 'abcdefgh', 'test', 'testing',
  'user', 'guest', 'loan', 'loans', 'loanportal', 'portal', 'zambia', 'lusaka', 'ndola', 'kitwe', 'kabwe', 'chipata',
  'livingstone', 'kwacha', 'money', 'finance', 'bank', 'demo', 'summer', 'winter', 'spring', 'autumn', 'hello', 'whatever',
  'freedom', 'shadow', 'michael', 'jesus', 'god', 'love', 'computer', 'internet', 'starwars', 'pokemon', 'cheese',
];
const ROOTS = new Set(COMMON_ROOTS);
const LEET: Record<string, string> = { '@': 'a', '4': 'a', '3': 'e', '1': 'i', '!': 'i', '0': 'o', '$': 's', '5': 's', '7': 't' };

/** Digit runs and keyboard rows, forwards and backwards (123456789012, 0987654321...). */
function isSequence(text: string): boolean {
  const rows = ['01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'abcdefghijklmnopqrstuvwxyz'];
  const t = text.toLowerCase();
  return rows.some((r) => {
    const twice = r.repeat(Math.ceil(t.length / r.length) + 1);
    const rev = [...twice].reverse().join('');
    return twice.includes(t) || rev.includes(t);
  });
}

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (new Set(lower).size <= 2) return true; // aaaaaaaaaaaa, abababababab
  if (isSequence(lower)) return true;
  // Strip what people put around a word: digits, symbols, spaces; then undo substitutions.
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const plain = [...core].map((c) => LEET[c] ?? c).join('').replace(/[^a-z]/g, '');
  if (!plain) return true; // digits and symbols only, e.g. a date or a phone number
  // With the substitutions undone, or with digits and symbols simply dropped.
  const candidates = [plain, core.replace(/[^a-z]/g, '')];
  if (candidates.some((c) => ROOTS.has(c))) return true;
  // The same word twice, maybe with a year between (passwordpassword, welcome2026welcome).
  return COMMON_ROOTS.some((w) => w.length >= 4 && candidates.some((c) => c.replace(new RegExp(w, 'g'), '') === ''));
}

export const PASSWORD_TOO_SHORT = `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose a phrase only you would think of.';
export const PASSWORD_IS_IDENTIFIER = 'The password must not be your e-mail address or unique number.';

/** A new password: the rule of NOTES.md, but the identifier part (see passwordIsIdentifier). */
export const newPasswordField = z
  .string({ error: 'The password field is required.' })
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(MAX_PASSWORD_LENGTH)
  .regex(NO_CONTROL, PASSWORD_CONTROL_MESSAGE)
  .refine((p) => !isCommonPassword(p), PASSWORD_TOO_COMMON);

/**
 * Whether the password is (or merely wraps) one of the user's identifiers: the e-mail,
 * its local part, or the unique number, ignoring case and what is around them.
 */
export function passwordIsIdentifier(password: string, identifiers: readonly (string | null | undefined)[]): boolean {
  const p = password.toLowerCase().replace(/[^a-z0-9]/g, '');
  return identifiers.some((id) => {
    if (!id) return false;
    const forms = [id, id.split('@')[0]].map((f) => f.toLowerCase().replace(/[^a-z0-9]/g, '')).filter((f) => f.length >= 4);
    return forms.some((f) => p === f || (p.includes(f) && p.length - f.length <= 4));
  });
}

/** The confirmation of a new password (it must equal it; bounded and clean on its own too). */
export const passwordConfirmationField = z.string().max(MAX_PASSWORD_LENGTH).regex(NO_CONTROL, PASSWORD_CONTROL_MESSAGE);
