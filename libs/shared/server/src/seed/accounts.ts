import { sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, DEMO_PASSWORD, PERMISSION_GROUPS, P, type PermissionName } from '@loan/shared-contract';
import { queryRows, type Db } from '../db';
import { hashPassword } from '../password';

/** The six branches of the demo lender. */
export const BRANCHES = [
  { name: 'Lusaka', code: 'LSK' },
  { name: 'Ndola', code: 'NDL' },
  { name: 'Kitwe', code: 'KTW' },
  { name: 'Livingstone', code: 'LVS' },
  { name: 'Kabwe', code: 'KBW' },
  { name: 'Chipata', code: 'CPT' },
] as const;

export type DemoAccount = 'admin' | 'officer' | 'finance' | 'viewer';

/** The demo roles of the issue and the permissions each holds. */
export const DEMO_ROLES: Record<DemoAccount, { role: string; permissions: readonly PermissionName[] }> = {
  admin: { role: 'Administrator', permissions: ALL_PERMISSIONS },
  officer: {
    role: 'Loan Officer',
    // Head-office staff see every branch; the viewer (Kitwe) shows the branch scope.
    permissions: [P.viewDashboard, P.viewAllBranches, ...PERMISSION_GROUPS.Loans, ...PERMISSION_GROUPS.Communication, P.viewClients],
  },
  finance: {
    role: 'Finance',
    permissions: [P.viewDashboard, P.viewAllBranches, ...PERMISSION_GROUPS.Transactions, ...PERMISSION_GROUPS.Reports],
  },
  viewer: { role: 'Viewer', permissions: [P.viewDashboard] },
};

/** The demo accounts (README): password DEMO_PASSWORD. */
export const DEMO_USERS: Record<DemoAccount, { fullname: string; email: string; uniqueNumber: string; branch: string }> = {
  admin: { fullname: 'Chanda Mwila', email: 'admin@demo.zm', uniqueNumber: 'EMP-0001', branch: 'Lusaka' },
  officer: { fullname: 'Mutale Banda', email: 'officer@demo.zm', uniqueNumber: 'EMP-0002', branch: 'Lusaka' },
  finance: { fullname: 'Natasha Phiri', email: 'finance@demo.zm', uniqueNumber: 'EMP-0003', branch: 'Ndola' },
  viewer: { fullname: 'Bwalya Zulu', email: 'viewer@demo.zm', uniqueNumber: 'EMP-0004', branch: 'Kitwe' },
};

export async function seedBranches(db: Db): Promise<void> {
  for (const b of BRANCHES) {
    await db.execute(sql`INSERT INTO branches (name, code) VALUES (${b.name}, ${b.code}) ON CONFLICT (name) DO NOTHING`);
  }
}

/** Creates (or tops up) a role holding exactly these catalog permissions; answers its id. */
export async function ensureRole(db: Db, name: string, permissions: readonly string[]): Promise<number> {
  const [role] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO roles (name) VALUES (${name}) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id`,
  );
  await db.execute(sql`INSERT INTO role_permissions (role_id, permission_id)
    SELECT ${role.id}, id FROM permissions WHERE name IN (SELECT jsonb_array_elements_text(${JSON.stringify(permissions)}::jsonb))
    ON CONFLICT DO NOTHING`);
  return Number(role.id);
}

/** Demo roles and the four demo accounts (only for SEED=demo and tests). Idempotent. */
export async function seedDemoAccounts(db: Db): Promise<void> {
  await seedBranches(db);
  for (const key of Object.keys(DEMO_ROLES) as DemoAccount[]) {
    const roleId = await ensureRole(db, DEMO_ROLES[key].role, DEMO_ROLES[key].permissions);
    const u = DEMO_USERS[key];
    const hash = await hashPassword(DEMO_PASSWORD);
    await db.execute(sql`INSERT INTO users (fullname, email, unique_number, password_hash, role_id, branch_id)
      VALUES (${u.fullname}, ${u.email}, ${u.uniqueNumber}, ${hash}, ${roleId}, (SELECT id FROM branches WHERE name = ${u.branch}))
      ON CONFLICT DO NOTHING`);
  }
}
