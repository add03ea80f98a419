/**
 * Creates the first administrator of a production database (issue 16), once: only when no
 * active user holds every permission. The new administrator gets the role
 * "Administrator" (every permission of the catalog) and a single-use link to set their
 * password, printed here once (never stored in clear: the database keeps its SHA-256).
 *
 *   npx nx run api:create-admin -- --email chanda@lender.zm --name "Chanda Mwila" --number EMP-0001
 *   DATABASE_URL=postgres://... npx nx run api:create-admin -- --email ... --name ... --number ...
 */
import { sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, INVITATION_VALID_HOURS } from '@loan/shared-contract';
import { ensureRole, loadConfig, migrate, openDatabase, queryRows, randomToken, recordAudit, sha256 } from '@loan/shared-server';

export function parseAdminArgs(argv: string[]): { email: string; name: string; number: string } {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const [k, inline] = argv[i].split('=', 2);
    if (!['--email', '--name', '--number'].includes(k)) throw new Error(`unknown option '${argv[i]}' (use --email, --name, --number)`);
    out[k.slice(2)] = inline ?? argv[++i] ?? '';
  }
  const { email = '', name = '', number = '' } = out;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new Error('--email wants an e-mail address');
  if (!name.trim()) throw new Error('--name wants the full name');
  if (!number.trim()) throw new Error('--number wants the staff (unique) number');
  return { email: email.trim(), name: name.trim(), number: number.trim() };
}

async function main() {
  const args = parseAdminArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    const link = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('rbac:permission-changes'))`);
      const [admins] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM users u WHERE u.active
              AND (SELECT count(*) FROM role_permissions rp WHERE rp.role_id = u.role_id) = (SELECT count(*) FROM permissions)`,
      );
      if (admins.n > 0) throw new Error('an active administrator exists already: they create the other users in the portal');
      const roleId = await ensureRole(tx, 'Administrator', ALL_PERMISSIONS);
      const [user] = await queryRows<{ id: string }>(
        tx,
        sql`INSERT INTO users (fullname, email, unique_number, password_hash, role_id)
            VALUES (${args.name}, ${args.email}, ${args.number}, 'invited', ${roleId}) RETURNING id`,
      );
      const token = randomToken();
      await tx.execute(
        sql`INSERT INTO password_resets (user_id, token_hash, expires_at)
            VALUES (${user.id}, ${sha256(token)}, now() + make_interval(hours => ${INVITATION_VALID_HOURS}))`,
      );
      await recordAudit(tx, { userId: null, ip: null, userAgent: 'create-first-admin' }, {
        action: 'create',
        entity: 'user',
        entityId: user.id,
        after: { fullname: args.name, email: args.email, unique_number: args.number, role: 'Administrator' },
      });
      return `${config.publicUrl}/password-reset?token=${encodeURIComponent(token)}&email=${encodeURIComponent(args.email)}&invite=1`;
    });
    console.log(`Administrator ${args.email} created. Open this link within ${INVITATION_VALID_HOURS} hours to set the password (it works once and is not shown again):\n${link}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(`create-first-admin: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
