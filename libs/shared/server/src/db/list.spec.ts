import { PgDialect, boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { P } from '@loan/shared-contract';
import { branchScope, inScope, likeContains, likeEscape, likePrefix, listFilter, scopeCondition } from './list';

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

describe('listFilter (the WHERE of every list and its export)', () => {
  const own = { all: false as const, branchId: 3 };

  it('is nothing at all with every branch, no search and no filter set', () => {
    expect(listFilter({ scope: { all: true }, branchColumn: sql`branch_id`, searchIn: [sql`a`, sql`b`], filters: [undefined, undefined] })).toBeUndefined();
  });

  it('ands the scope, a contains-search over any searched column and the filters that are set', () => {
    const q = render(
      listFilter({
        scope: own,
        branchColumn: sql`t.branch_id`,
        search: '50%',
        searchIn: [sql`t.reference`, sql`la.fullname`],
        filters: [undefined, sql`t.method = ${'bank'}`],
      }),
    );
    expect(q?.sql).toBe('(t.branch_id = $1 and (t.reference ilike $2 or la.fullname ilike $3) and t.method = $4)');
    expect(q?.params).toEqual([3, '%50\\%%', '%50\\%%', 'bank']);
  });

  it('compares each equals column whose value is set, false and 0 included, and skips the unset ones', () => {
    const t = pgTable('t', { a: text('a'), b: integer('b'), c: boolean('c') });
    const q = render(
      listFilter({ scope: { all: true }, branchColumn: sql`branch_id`, searchIn: [], equals: [[t.a, undefined], [t.a, ''], [t.b, 0], [t.c, false], [t.a, null], [t.a, 'x']] }),
    );
    expect(q?.sql).toBe('("t"."b" = $1 and "t"."c" = $2 and "t"."a" = $3)');
    expect(q?.params).toEqual([0, false, 'x']);
  });

  it('leaves the search out when it is empty, and keeps a branch-less user to nothing', () => {
    const q = render(listFilter({ scope: { all: false, branchId: null }, branchColumn: sql`branch_id`, search: '', searchIn: [sql`a`] }));
    expect(q?.sql).toBe('false');
  });
});
