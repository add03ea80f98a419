import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { P } from '@loan/shared-contract';
import { branchScope, inScope, likeContains, likeEscape, likePrefix, scopeCondition } from './list';

const dialect = new PgDialect();
const render = (q: ReturnType<typeof sql> | undefined) => (q ? dialect.sqlToQuery(q) : undefined);

describe('LIKE patterns', () => {
  it('escape the wildcard and escape characters so user text matches itself', () => {
    expect(likeEscape('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(likePrefix('LA-2026_')).toBe('LA-2026\\_%');
    expect(likeContains('a%b')).toBe('%a\\%b%');
  });
});

describe('branch scope', () => {
  const user = (perms: string[], branchId: number | null) => ({ permissions: new Set(perms), branchId });

  it('is every branch with `can view all branches`, whatever the user\'s own branch', () => {
    expect(branchScope(user([P.viewAllBranches], 3))).toEqual({ all: true });
    expect(scopeCondition(branchScope(user([P.viewAllBranches], null)), sql`branch_id`)).toBeUndefined();
  });

  it("is the user's own branch without it, as a bound parameter", () => {
    const scope = branchScope(user([P.viewDashboard], 3));
    expect(scope).toEqual({ all: false, branchId: 3 });
    expect(render(scopeCondition(scope, sql`la.branch_id`))).toMatchObject({ sql: 'la.branch_id = $1', params: [3] });
    expect(inScope(scope, 3)).toBe(true);
    expect(inScope(scope, 4)).toBe(false);
    expect(inScope(scope, null)).toBe(false);
  });

  it('sees nothing branch-bound for a user with no branch and no permission', () => {
    const scope = branchScope(user([], null));
    expect(render(scopeCondition(scope, sql`branch_id`))?.sql).toBe('false');
    expect(inScope(scope, null)).toBe(false);
  });
});
