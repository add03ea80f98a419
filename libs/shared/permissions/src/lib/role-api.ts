import { api } from '@loan/shared-data-access-api';
import { API, type RoleDto } from '@loan/shared-contract';

/** The signed-in user's own role (spec §3: loaded by role_id after start-up). */
export const ownRoleApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    ownRole: b.query<RoleDto, number>({
      query: (id) => `${API.roles}/byId/${id}`,
      transformResponse: (raw: RoleDto | { data: RoleDto }) => ('data' in raw ? raw.data : raw),
      providesTags: (_r, _e, id) => [{ type: 'Role', id }],
    }),
  }),
});

export const { useOwnRoleQuery } = ownRoleApi;
