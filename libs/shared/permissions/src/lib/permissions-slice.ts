import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionExpired } from '@loan/shared-data-access-api';
import { signedOut } from '@loan/shared-session';

/** The signed-in user's role and its permission names (spec §6: checked by name). */
export interface PermissionsState {
  roleId: number | null;
  roleName: string | null;
  names: string[];
  /** True once the role was loaded in this session (or rehydrated). */
  loaded: boolean;
}

export const initialPermissionsState: PermissionsState = { roleId: null, roleName: null, names: [], loaded: false };

export const permissionsSlice = createSlice({
  name: 'permissions',
  initialState: initialPermissionsState,
  reducers: {
    roleLoaded(_state, action: PayloadAction<{ roleId: number; roleName: string; names: string[] }>) {
      return { ...action.payload, loaded: true };
    },
  },
  extraReducers: (b) => {
    b.addCase(signedOut, () => initialPermissionsState);
    b.addCase(sessionExpired, () => initialPermissionsState);
  },
});

export const { roleLoaded } = permissionsSlice.actions;
export const permissionsReducer = permissionsSlice.reducer;

export interface PermissionsRootState {
  permissions: PermissionsState;
}
export const selectPermissionNames = (s: PermissionsRootState) => s.permissions.names;
export const selectPermissionsLoaded = (s: PermissionsRootState) => s.permissions.loaded;
