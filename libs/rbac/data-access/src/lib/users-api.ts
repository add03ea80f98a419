import { api } from '@loan/shared-data-access-api';
import {
  AUDIT_PATHS,
  USER_PATHS,
  type AdminUser,
  type AdminUserCreateInput,
  type AdminUserDetails,
  type AdminUserUpdateInput,
  type BranchSaveInput,
  type RoleOption,
  type LoanProduct,
  type LoanProductInput,
  SETTINGS_PATHS,
  type AuditEntryDto,
  type BranchDto,
  type ListEnvelope,
  type NotificationList,
} from '@loan/shared-contract';

/** The filters of the users list, as the URL holds them. */
export const USER_FILTERS = ['role_id', 'branch_id', 'active'] as const;
export const AUDIT_FILTERS = ['user_id', 'action', 'entity', 'record', 'fromDate', 'toDate'] as const;

export interface ListArgs<F extends string> {
  page: number;
  pageSize: number;
  search?: string;
  filters?: Partial<Record<F, string>>;
}
export type AdminUserListArgs = ListArgs<(typeof USER_FILTERS)[number]>;
export type AuditListArgs = ListArgs<(typeof AUDIT_FILTERS)[number]>;

/** A list's query string: only what was chosen. */
export function listQueryParams<F extends string>(args: ListArgs<F>): Record<string, string | number> {
  const params: Record<string, string | number> = { page: args.page, pageSize: args.pageSize };
  const search = args.search?.trim();
  if (search) params['search'] = search;
  for (const [k, v] of Object.entries(args.filters ?? {})) if (typeof v === 'string' && v !== '') params[k] = v;
  return params;
}
/** @deprecated name of the generator's helper; same as listQueryParams. */
export const adminUserListParams = (args: AdminUserListArgs) => listQueryParams(args);

const LIST_TAG = { type: 'User' as const, id: 'LIST' };
const byId = (path: string, id: number) => path.replace(':id', String(id));

export const usersApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getUsers: b.query<ListEnvelope<AdminUser>, AdminUserListArgs>({
      query: (args) => ({ url: USER_PATHS.list, params: listQueryParams(args) }),
      providesTags: (res) => [LIST_TAG, ...(res?.items ?? []).map((r) => ({ type: 'User' as const, id: r.id }))],
    }),
    getAdminUser: b.query<AdminUserDetails, number>({
      query: (id) => byId(USER_PATHS.byId, id),
      providesTags: (_res, _err, id) => [{ type: 'User', id }, { type: 'History', id: `user-${id}` }],
    }),
    createUser: b.mutation<{ message: string; data: AdminUser }, AdminUserCreateInput>({
      query: (body) => ({ url: USER_PATHS.create, method: 'POST', body }),
      invalidatesTags: (_r, err) => (err ? [] : [LIST_TAG, 'Role', 'History']),
      extraOptions: { toast: { success: (d) => (d as { message: string }).message, error: true } },
    }),
    updateUser: b.mutation<{ message: string; data: AdminUser }, AdminUserUpdateInput>({
      query: (body) => ({ url: USER_PATHS.update, method: 'PUT', body }),
      invalidatesTags: (_r, err, body) => (err ? [] : [LIST_TAG, { type: 'User', id: Number(body.id) }, 'Role', 'History']),
      extraOptions: {
        toast: {
          success: (_d, arg) => {
            const a = arg as AdminUserUpdateInput;
            return a.active === false ? 'User deactivated; their sessions ended.' : a.active === true ? 'User reactivated.' : 'User updated.';
          },
          error: true,
        },
      },
    }),
    deleteUser: b.mutation<{ message: string }, number>({
      query: (id) => ({ url: USER_PATHS.delete, method: 'DELETE', body: { id } }),
      invalidatesTags: (_r, err) => (err ? [] : [LIST_TAG, 'Role', 'History']),
      extraOptions: { toast: { success: 'User deleted.', error: true } },
    }),
    resendInvitation: b.mutation<{ message: string }, number>({
      query: (id) => ({ url: USER_PATHS.resendInvitation, method: 'POST', body: { id } }),
      invalidatesTags: (_r, err) => (err ? [] : ['History']),
      extraOptions: { toast: { success: 'The invitation was sent again.', error: true } },
    }),
    revokeUserSessions: b.mutation<{ message: string; count: number }, { id: number; session?: string }>({
      query: ({ id, session }) => ({ url: byId(USER_PATHS.revokeSessions, id), method: 'POST', body: session ? { session } : {} }),
      invalidatesTags: (_r, err, { id }) => (err ? [] : [{ type: 'User', id }]),
      extraOptions: { toast: { success: (d) => (d as { message: string }).message, error: true } },
    }),
    getBranches: b.query<BranchDto[], void>({
      query: () => USER_PATHS.branches,
      providesTags: [{ type: 'User', id: 'BRANCHES' }],
    }),
    /** The branches screen's list (`can edit settings`). */
    getSettingsBranches: b.query<BranchDto[], void>({
      query: () => SETTINGS_PATHS.branches,
      providesTags: [{ type: 'User', id: 'BRANCHES' }],
    }),
    getRoleOptions: b.query<RoleOption[], void>({
      query: () => USER_PATHS.roleOptions,
      providesTags: [{ type: 'Role', id: 'LIST' }],
    }),
    saveBranch: b.mutation<{ message: string; data: BranchDto }, BranchSaveInput>({
      query: (body) => ({ url: SETTINGS_PATHS.branchSave, method: 'POST', body }),
      invalidatesTags: (_r, err) => (err ? [] : [{ type: 'User', id: 'BRANCHES' }, 'History']),
      extraOptions: { toast: { success: (d) => (d as { message: string }).message, error: true } },
    }),
    getLoanProduct: b.query<LoanProduct, void>({
      query: () => SETTINGS_PATHS.loanProduct,
      providesTags: [{ type: 'User', id: 'LOAN_PRODUCT' }],
    }),
    saveLoanProduct: b.mutation<{ message: string; data: LoanProduct }, LoanProductInput>({
      query: (body) => ({ url: SETTINGS_PATHS.loanProduct, method: 'PUT', body }),
      invalidatesTags: (_r, err) => (err ? [] : [{ type: 'User', id: 'LOAN_PRODUCT' }, { type: 'User', id: 'LOAN_PRODUCTS' }, 'History']),
      extraOptions: { toast: { success: 'Loan product saved.', error: true } },
    }),
    getAuditTrail: b.query<ListEnvelope<AuditEntryDto>, AuditListArgs>({
      query: (args) => ({ url: AUDIT_PATHS.list, params: listQueryParams(args) }),
      providesTags: ['History'],
    }),
    getNotifications: b.query<NotificationList, void>({
      query: () => USER_PATHS.notification,
      providesTags: [{ type: 'User', id: 'NOTIFICATIONS' }],
    }),
    markNotificationsRead: b.mutation<{ message: string }, void>({
      query: () => ({ url: USER_PATHS.notificationRead, method: 'POST' }),
      invalidatesTags: (_r, err) => (err ? [] : [{ type: 'User', id: 'NOTIFICATIONS' }]),
    }),
  }),
});

export const {
  useGetUsersQuery,
  useGetAdminUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useResendInvitationMutation,
  useRevokeUserSessionsMutation,
  useGetBranchesQuery,
  useGetSettingsBranchesQuery,
  useGetRoleOptionsQuery,
  useSaveBranchMutation,
  useGetLoanProductQuery,
  useSaveLoanProductMutation,
  useGetAuditTrailQuery,
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
} = usersApi;
