import { z } from 'zod';
import { MAX_TEXT_LENGTH, textField } from './fields';

/**
 * Sign-in, session user and password recovery (spec §7 Authentication, NOTES.md
 * "Session and sign-in"). The identifier is an e-mail or a unique_number (spec §5).
 */
const password = z.string().min(1, 'The password field is required.').max(200);

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

export const MIN_PASSWORD_LENGTH = 8;
const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(200);

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
    password_confirmation: z.string().max(200),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: 'The password confirmation does not match.',
    path: ['password_confirmation'],
  });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

export const changePasswordBodySchema = z
  .object({
    current_password: password,
    password: newPassword,
    password_confirmation: z.string().max(200),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: 'The password confirmation does not match.',
    path: ['password_confirmation'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const FORGOT_PASSWORD_MESSAGE = 'If that e-mail belongs to an account, a reset link has been sent to it.';
export const PASSWORD_RESET_VALID_MINUTES = 60;
export const BAD_CREDENTIALS_MESSAGE = 'These credentials do not match our records.';
