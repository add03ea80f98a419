import { z } from 'zod';
import { MAX_TEXT_LENGTH, textField } from './fields';
import { newPasswordField, passwordConfirmationField, passwordInputField, passwordIsIdentifier, PASSWORD_IS_IDENTIFIER } from './password-rule';

/**
 * Sign-in, session user and password recovery (spec §7 Authentication, NOTES.md
 * "Session and sign-in"). The identifier is an e-mail or a unique_number (spec §5).
 */
const password = passwordInputField;

export const loginBodySchema = z
  .object({
    email: z.email().max(MAX_TEXT_LENGTH).optional(),
    unique_number: textField({ min: 1, max: 64 }).optional(),
    password,
  })
  .refine((b) => Boolean(b.email) !== Boolean(b.unique_number), {
    message: 'Send either email or unique_number.',
    path: ['email'],
  });
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The signed-in user as the api answers it (spec §3 "Signed-in user"). */
export const sessionUserSchema = z
  .object({
    id: z.number().int().positive(),
    fullname: z.string(),
    role_id: z.number().int().positive(),
    email: z.string(),
    unique_number: z.string(),
    branch: z.string().nullable(),
  })
  .strict();
export type SessionUserDto = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({ status: z.string(), message: z.string() }).strict();
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const initUserDataResponseSchema = z
  .object({ status: z.string(), message: z.string().optional(), data: z.object({ user: sessionUserSchema }).strict() })
  .strict();
export type InitUserDataResponse = z.infer<typeof initUserDataResponseSchema>;

/** Answers that only say what happened (`{ message }`). */
export const messageResponseSchema = z.object({ message: z.string() }).strict();

const newPassword = newPasswordField;

/** An e-mail field whose errors read in plain words, empty or malformed. */
const emailField = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .min(1, 'Enter your e-mail address.')
  .pipe(z.email('Enter a valid e-mail address, like name@example.com.'))
  .pipe(z.string().max(MAX_TEXT_LENGTH));

export const forgotPasswordBodySchema = z.object({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const passwordResetBodySchema = z
  .object({
    token: textField({ min: 1, max: 200 }),
    email: emailField,
    password: newPassword,
    password_confirmation: passwordConfirmationField,
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: 'The password confirmation does not match.',
    path: ['password_confirmation'],
  })
  .refine((b) => !passwordIsIdentifier(b.password, [b.email]), { message: PASSWORD_IS_IDENTIFIER, path: ['password'] });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

export const changePasswordBodySchema = z
  .object({
    current_password: password,
    password: newPassword,
    password_confirmation: passwordConfirmationField,
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: 'The password confirmation does not match.',
    path: ['password_confirmation'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const FORGOT_PASSWORD_MESSAGE = 'If that e-mail belongs to an account, a reset link has been sent to it.';
export const PASSWORD_RESET_VALID_MINUTES = 60;
export const BAD_CREDENTIALS_MESSAGE = 'These credentials do not match our records.';

// The signed-in user's own sessions: the path lives with the other schema-free paths (the
// portal's first load calls it without this module's schemas).
export { USER_SESSIONS_PATH } from './domain-paths';

export const activeSessionSchema = z
  .object({
    /** A public id of the session (never the cookie's value). */
    id: z.string(),
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
    created_at: z.string(),
    last_seen_at: z.string(),
    /** The session of this request. */
    current: z.boolean(),
  })
  .strict();
export type ActiveSessionDto = z.output<typeof activeSessionSchema>;
export const activeSessionListSchema = z.array(activeSessionSchema);
/** POST `/revoke-others`: how many sessions ended. */
export const revokeOthersResponseSchema = z.object({ message: z.string(), count: z.number().int().nonnegative() }).strict();

export const sessionIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/, 'Not a session id.'),
});
