export {
  permissionsSlice,
  permissionsReducer,
  roleLoaded,
  initialPermissionsState,
  selectPermissionNames,
  selectPermissionsLoaded,
  type PermissionsState,
  type PermissionsRootState,
} from './lib/permissions-slice';
export * from './lib/role-api';
export { usePermission, usePermissions, Can, type CanProps } from './lib/permission-hooks';
export type { ScreenDescriptor } from './lib/screen-descriptor';
export { FeatureSlot, FeatureSlotsProvider, SlotBoundary, useHasFeatureSlot, type ComposeMessageSlotProps, type FeatureSlots } from './lib/feature-slots';
