import { ALL_PERMISSIONS, P, PERMISSION_GROUPS, isPermissionName } from './permissions';

describe('permission catalog', () => {
  it('has no duplicate names', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });

  it('keeps the spec spelling of the settings module permission', () => {
    expect(PERMISSION_GROUPS.Settings).toContain('view settngs manager module');
    expect(isPermissionName('view settings manager module')).toBe(false);
  });

  it('maps every short key to a catalog name and covers the whole catalog', () => {
    const values = Object.values(P);
    values.forEach((v) => expect(isPermissionName(v)).toBe(true));
    expect(new Set(values)).toEqual(new Set(ALL_PERMISSIONS));
  });
});
