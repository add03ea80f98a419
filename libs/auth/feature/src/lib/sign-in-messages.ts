import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { LOGIN_SUCCESS_STATUS } from '@loan/shared-contract';

/** Spec §8 login messages. */
export const MSG = {
  wait: 'Please wait...',
  authenticating: 'Authenticating...',
  almostDone: 'Almost done...',
  welcome: (name: string) => `Welcome ${name}`,
  credentials: 'Failed to Proceed, check your credentials.',
  somethingWrong: 'Something went wrong.',
  exception: 'An error occurred.',
  tooMany: 'Too many attempts. Wait a minute, then try again.',
} as const;

/** A failure of one step of the sign-in sequence, with the message to show. */
export class SignInFailure extends Error {}

/** The message for a failed sign-in call (NOTES.md "Session and sign-in"). */
export function messageForError(error: FetchBaseQueryError): string {
  const { status } = error;
  if (status === 401 || status === 422) return MSG.credentials;
  if (status === 429) return MSG.tooMany;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return MSG.exception;
  return MSG.somethingWrong;
}

/** Throws the right failure unless a 2xx answer carries status '300' (spec §4). */
export function assertSuccess<T extends { status?: unknown }>(
  result: { data?: T; error?: unknown },
): T {
  if (result.error) throw new SignInFailure(messageForError(result.error as FetchBaseQueryError));
  if (!result.data || String(result.data.status) !== LOGIN_SUCCESS_STATUS) throw new SignInFailure(MSG.credentials);
  return result.data;
}
