import {
  APPROVALS_PATHS,
  SETTINGS_PATHS,
  type HeldAnswer,
  type MakerCheckerBody,
  type MakerCheckerSettings,
  type PendingAction,
  type PendingActionDecision,
  type PendingActionList,
  type PendingActionStatus,
} from '@loan/shared-contract';
import { api, TAG_TYPES } from './api';

export interface PendingActionListArgs {
  page: number;
  pageSize: number;
  status?: PendingActionStatus | '';
  mine?: boolean;
  command?: string;
  entity?: string;
  entity_id?: string;
}

const id = (n: number) => String(n);
/** An approved action changed something somewhere: every domain's lists refetch. */
const EVERYTHING = TAG_TYPES.filter((t) => t !== 'Session');

/**
 * Maker-checker (NOTES.md "Second pair of eyes"), in the shared slice because every domain's
 * screen shows the state of the request its user made ("waiting for a second person").
 */
export const approvalsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getPendingActions: b.query<PendingActionList, PendingActionListArgs>({
      query: ({ status, mine, command, entity, entity_id, page, pageSize }) => ({
        url: APPROVALS_PATHS.list,
        params: {
          page,
          pageSize,
          ...(status ? { status } : {}),
          ...(mine ? { mine: 'true' } : {}),
          ...(command ? { command } : {}),
          ...(entity ? { entity } : {}),
          ...(entity_id ? { entity_id } : {}),
        },
      }),
      providesTags: (r) => [{ type: 'PendingAction', id: 'LIST' }, ...(r?.items ?? []).map((i) => ({ type: 'PendingAction' as const, id: i.id }))],
    }),
    getPendingAction: b.query<PendingAction, number>({
      query: (n) => APPROVALS_PATHS.byId.replace(':id', id(n)),
      providesTags: (_r, _e, n) => [{ type: 'PendingAction', id: n }],
    }),
    getPendingActionCount: b.query<{ count: number }, void>({
      query: () => APPROVALS_PATHS.count,
      providesTags: [{ type: 'PendingAction', id: 'COUNT' }],
    }),
    approvePendingAction: b.mutation<PendingActionDecision, number>({
      query: (n) => ({ url: APPROVALS_PATHS.approve.replace(':id', id(n)), method: 'POST' }),
      invalidatesTags: () => EVERYTHING,
      // A refusal (the premise changed) is shown on the page, where it stays.
      extraOptions: { toast: { success: 'Approved: the action was carried out.' } },
    }),
    rejectPendingAction: b.mutation<PendingActionDecision, { id: number; reason: string }>({
      query: ({ id: n, reason }) => ({ url: APPROVALS_PATHS.reject.replace(':id', id(n)), method: 'POST', body: { reason } }),
      invalidatesTags: [{ type: 'PendingAction' }],
      extraOptions: { toast: { success: 'Rejected.', error: true } },
    }),
    getMakerChecker: b.query<MakerCheckerSettings, void>({
      query: () => SETTINGS_PATHS.makerChecker,
      providesTags: [{ type: 'PendingAction', id: 'SETTINGS' }],
    }),
    saveMakerChecker: b.mutation<{ message: string; data: MakerCheckerSettings } | HeldAnswer, MakerCheckerBody>({
      query: (body) => ({ url: SETTINGS_PATHS.makerChecker, method: 'PUT', body }),
      invalidatesTags: [{ type: 'PendingAction' }],
      // The api's own words: "saved" or "waiting for a second person".
      extraOptions: { toast: { success: (d) => (d as { message?: string }).message ?? null } },
    }),
  }),
});

export const {
  useGetPendingActionsQuery,
  useGetPendingActionQuery,
  useGetPendingActionCountQuery,
  useApprovePendingActionMutation,
  useRejectPendingActionMutation,
  useGetMakerCheckerQuery,
  useSaveMakerCheckerMutation,
} = approvalsApi;
