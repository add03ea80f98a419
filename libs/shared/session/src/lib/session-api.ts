import { api } from '@loan/shared-data-access-api';
import {
  API,
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type InitUserDataResponse,
  type LoginResponse,
  type PasswordResetBody,
  type SessionUserDto,
} from '@loan/shared-contract';

/** The login identifier: an e-mail when it contains '@', else a unique_number (spec §5). */
export type LoginCredentials = { email: string; password: string } | { unique_number: string; password: string };

export function credentialsFor(identifier: string, password: string): LoginCredentials {
  const id = identifier.trim();
  return id.includes('@') ? { email: id, password } : { unique_number: id, password };
}

/** A borrower in the start-up client list (NOTES.md "Start-up lists"). */
export interface StartupClient {
  id: number;
  name: string;
  nrc: string;
  mobile: string;
  branch: string | null;
}

/** One entry of the signed-in user's recent actions (audit trail). */
export interface HistoryEntry {
  id: number;
  action: string;
  created_at: string;
  [field: string]: unknown;
}

function listOf<T>(raw: unknown): T[] {
  if (Array.isArray(raw)) return raw as T[];
  const data = (raw as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}

/** Sign-in, session and start-up calls (spec §7 Authentication and Start-up). */
export const sessionApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    csrfCookie: b.mutation<null, void>({ query: () => ({ url: API.csrfCookie, method: 'GET' }) }),
    login: b.mutation<LoginResponse, LoginCredentials>({ query: (body) => ({ url: API.login, method: 'POST', body }) }),
    initUserData: b.mutation<InitUserDataResponse, LoginCredentials>({
      query: (body) => ({ url: API.initUserData, method: 'POST', body }),
    }),
    logout: b.mutation<null, void>({ query: () => ({ url: API.logout, method: 'POST' }) }),
    currentUser: b.query<SessionUserDto, void>({
      query: () => API.user,
      transformResponse: (raw: SessionUserDto | { data: SessionUserDto }) => ('data' in raw ? raw.data : raw),
      providesTags: ['Session'],
    }),
    forgotPassword: b.mutation<{ message: string }, ForgotPasswordBody>({
      query: (body) => ({ url: `${API.users}/forgot-password`, method: 'POST', body }),
    }),
    passwordReset: b.mutation<{ message: string }, PasswordResetBody>({
      query: (body) => ({ url: `${API.users}/password-reset`, method: 'POST', body }),
      // Failures show on the page (a bad link is not a passing event); success travels with the redirect.
      extraOptions: {
        toast: { success: (d) => (d as { message?: string })?.message ?? 'Your password has been reset. Sign in with the new one.' },
      },
    }),
    changePassword: b.mutation<{ message: string }, ChangePasswordBody>({
      query: (body) => ({ url: `${API.users}/change-password`, method: 'POST', body }),
      extraOptions: {
        toast: { success: (d) => (d as { message?: string })?.message ?? 'Your password has been changed.', error: true },
      },
    }),
    /** Start-up lists: a failed load yields an empty list (spec §8). */
    startupClients: b.query<StartupClient[], void>({
      query: () => `${API.clients}/all`,
      transformResponse: (raw: unknown) => listOf<StartupClient>(raw),
      providesTags: ['Client'],
    }),
    startupHistory: b.query<HistoryEntry[], void>({
      query: () => `${API.history}/all`,
      transformResponse: (raw: unknown) => listOf<HistoryEntry>(raw),
      providesTags: ['History'],
    }),
  }),
});

export const {
  useCsrfCookieMutation,
  useLoginMutation,
  useInitUserDataMutation,
  useLogoutMutation,
  useCurrentUserQuery,
  useForgotPasswordMutation,
  usePasswordResetMutation,
  useChangePasswordMutation,
  useStartupClientsQuery,
  useStartupHistoryQuery,
} = sessionApi;
