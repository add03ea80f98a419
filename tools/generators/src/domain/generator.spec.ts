import { readJson, type Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { domainGenerator, domainNames, PATHS } from './generator';

/**
 * The generator runs in a virtual tree holding copies of the real files it reads and
 * edits (so a reshaped catalog, route list or lint config fails here first). The slow
 * check, `nx run workspace-generators:check-generated`, lints, type-checks and tests a
 * generated domain in a copy of the repository.
 */
const root = path.join(__dirname, '../../../..');

function copyIn(tree: Tree, rel: string): void {
  const abs = path.join(root, rel);
  if (statSync(abs).isDirectory()) {
    for (const f of readdirSync(abs)) copyIn(tree, path.join(rel, f));
  } else {
    tree.write(rel, readFileSync(abs));
  }
}

function workspace(): Tree {
  const tree = createTreeWithEmptyWorkspace();
  for (const p of Object.values(PATHS)) {
    if (p === PATHS.contractLib) continue;
    copyIn(tree, p);
  }
  return tree;
}

const text = (tree: Tree, file: string) => tree.read(file, 'utf-8') ?? '';

describe('domain generator', () => {
  let tree: Tree;
  beforeEach(() => {
    tree = workspace();
  });

  it('creates feature, data-access and server libs with their tags and their tests', async () => {
    await domainGenerator(tree, { name: 'loan-products', permission: 'viewReportsModule' });
    const tags = (part: string) => readJson(tree, `libs/loan-products/${part}/project.json`).tags;
    expect(tags('feature')).toEqual(['type:feature', 'scope:loan-products', 'platform:web']);
    expect(tags('data-access')).toEqual(['type:data-access', 'scope:loan-products', 'platform:web']);
    expect(tags('server')).toEqual(['type:server', 'scope:loan-products', 'platform:node']);
    expect(readJson(tree, 'libs/loan-products/server/project.json').targets['test-pg'].options.command).toContain(
      'jest -c libs/loan-products/server/jest.config.cts',
    );
    for (const file of [
      'libs/loan-products/feature/src/lib/loan-products-list-page.tsx',
      'libs/loan-products/feature/src/lib/loan-products-list-page.spec.tsx',
      'libs/loan-products/feature/src/lib/loan-product-details-page.tsx',
      'libs/loan-products/feature/src/lib/loan-product-details-page.spec.tsx',
      'libs/loan-products/feature/src/lib/loan-products-list-page.stories.tsx',
      'libs/loan-products/feature/src/lib/loan-product-details-page.stories.tsx',
      'libs/loan-products/feature/.storybook/main.ts',
      'libs/loan-products/feature/tsconfig.storybook.json',
      'libs/loan-products/feature/jest.config.cts',
      'libs/loan-products/data-access/src/lib/loan-products-api.ts',
      'libs/loan-products/data-access/src/lib/loan-products-api.spec.ts',
      'libs/loan-products/data-access/src/testing/index.ts',
      'libs/loan-products/server/src/lib/loan-products/routes.ts',
      'libs/loan-products/server/src/lib/loan-products/loan-products.spec.ts',
      'libs/loan-products/server/eslint.config.mjs',
    ]) {
      expect(tree.exists(file)).toBe(true);
    }
    const paths = readJson(tree, 'tsconfig.base.json').compilerOptions.paths;
    expect(paths['@loan/loan-products-feature']).toEqual(['./libs/loan-products/feature/src/index.ts']);
    expect(paths['@loan/loan-products-data-access']).toEqual(['./libs/loan-products/data-access/src/index.ts']);
    expect(paths['@loan/loan-products-data-access/testing']).toEqual(['./libs/loan-products/data-access/src/testing/index.ts']);
    expect(paths['@loan/loan-products-server']).toEqual(['./libs/loan-products/server/src/index.ts']);
  });

  it('fills every template: no placeholder is left in any written file', async () => {
    await domainGenerator(tree, { name: 'loan-products', permission: 'viewReportsModule' });
    // The new files (the copied workspace files are changes of the virtual tree too).
    const written = tree.listChanges().filter((c) => c.type !== 'DELETE' && /loan[-_]products/.test(c.path));
    expect(written.length).toBeGreaterThan(30);
    for (const change of written) {
      const content = change.content?.toString('utf-8') ?? '';
      expect({ file: change.path, placeholder: /<%|%>|__\w+__/.test(content) || /__\w+__/.test(change.path) }).toEqual({
        file: change.path,
        placeholder: false,
      });
    }
  });

  it('writes each story file on the workbench helper (tools/storybook/screen-stories), by a path that resolves', async () => {
    await domainGenerator(tree, { name: 'loan-products', permission: 'viewReportsModule' });
    for (const file of [
      'libs/loan-products/feature/src/lib/loan-products-list-page.stories.tsx',
      'libs/loan-products/feature/src/lib/loan-product-details-page.stories.tsx',
    ]) {
      const story = text(tree, file);
      const from = /import \{ ([^}]*screenStories[^}]*) \} from '([^']+)';/.exec(story);
      expect({ file, helper: from?.[2] }).toEqual({ file, helper: expect.stringMatching(/tools\/storybook\/screen-stories$/) });
      // The same relative path from the real lib folder reaches the real helper.
      expect(statSync(path.join(root, path.dirname(file), `${from?.[2]}.ts`)).isFile()).toBe(true);
      expect(story).toMatch(/^export const Loading = (\w+)\.Loading, Empty = \1\.Empty, LoadError = \1\.LoadError, Forbidden = \1\.Forbidden;$/m);
    }
  });

  it('writes the list route with its permission, query and response schemas', async () => {
    await domainGenerator(tree, { name: 'loan-products', permission: 'viewReportsModule' });
    const routes = text(tree, 'libs/loan-products/server/src/lib/loan-products/routes.ts');
    expect(routes).toContain('url: LOAN_PRODUCTS_PATHS.list');
    expect(routes).toContain('auth: P.viewReportsModule');
    expect(routes).toContain('query: loanProductListQuerySchema');
    expect(routes).toContain('response: loanProductListSchema');
    expect(routes).toContain('url: LOAN_PRODUCTS_PATHS.byId');
    expect(routes).toContain('params: idParamsSchema');
    expect(routes).toContain('response: loanProductSchema');
    const contract = text(tree, 'libs/shared/contract/src/lib/loan-products.ts');
    expect(contract).toContain("list: '/api/loan-products/list'");
    expect(contract).toContain('export const loanProductListSchema = listEnvelope(loanProductSchema);');
    const api = text(tree, 'libs/loan-products/data-access/src/lib/loan-products-api.ts');
    expect(api).toContain('api.injectEndpoints(');
    expect(api).toContain("overrideExisting: 'throw'");
    expect(api).toContain('export const { useGetLoanProductsQuery, useGetLoanProductQuery } = loanProductsApi;');
    const testing = text(tree, 'libs/loan-products/data-access/src/testing/index.ts');
    expect(testing).toContain("endpointVariants('GET', LOAN_PRODUCTS_PATHS.list");
    const page = text(tree, 'libs/loan-products/feature/src/lib/loan-products-list-page.tsx');
    expect(page).toContain('<ListScreen');
    expect(page).toContain('useListParams(');
  });

  it('adds the table: a migration numbered after the last one and its drizzle twin', async () => {
    const last = Math.max(...readdirSync(path.join(root, PATHS.migrations)).map((f) => Number(f.slice(0, 4))));
    await domainGenerator(tree, { name: 'loan-products', permission: 'viewReportsModule' });
    const name = `${String(last + 1).padStart(4, '0')}_loan_products.sql`;
    expect(tree.children(PATHS.migrations)).toContain(name);
    expect(text(tree, `${PATHS.migrations}/${name}`)).toContain('CREATE TABLE loan_products (');
    expect(text(tree, `${PATHS.schemaDir}/loan-products.ts`)).toContain("export const loanProducts = pgTable('loan_products', {");
    expect(text(tree, `${PATHS.schemaDir}/index.ts`)).toContain("export * from './loan-products';");
  });

  it('registers the domain with the contract, the api slice, the portal, the api and lint', async () => {
    await domainGenerator(tree, { name: 'loan-products', permission: 'viewReportsModule' });
    expect(text(tree, PATHS.contractIndex)).toContain("export * from './lib/loan-products';");
    expect(text(tree, PATHS.tagTypes)).toMatch(/TAG_TYPES = \[[^\]]*'LoanProduct',[^\]]*\] as const/);
    const portal = text(tree, PATHS.portalScreens);
    expect(portal).toContain("import { loanProductsScreens } from '@loan/loan-products-feature';");
    expect(portal).toMatch(/FEATURE_SCREENS: readonly ScreenDescriptor\[\] = \[[^\]]*\.\.\.loanProductsScreens[^\]]*\]/);
    const api = text(tree, PATHS.apiModules);
    expect(api).toContain("import { loanProductsServer } from '@loan/loan-products-server';");
    expect(api).toMatch(/modules: readonly FastifyPluginAsync\[\] = \[[^\]]*loanProductsServer[^\]]*\]/);
    expect(text(tree, PATHS.eslint)).toMatch(/const domains = \[[^\]]*'loan-products'[^\]]*\]/);
  });

  it('adds a ready catalog entry whose permission is the route\u2019s and whose first call is the list', async () => {
    await domainGenerator(tree, { name: 'loan-products', permission: 'viewReportsModule', title: 'Loan Products', menuOrder: 95 });
    const catalog = text(tree, PATHS.catalog);
    expect(catalog).toMatch(/^import \{[^}]*LOAN_PRODUCTS_PATHS[^}]*\} from '@loan\/shared-contract';$/m);
    expect(catalog).toContain(
      [
        '  loanProducts: {',
        "    path: '/loan-products',",
        "    title: 'Loan Products',",
        '    permissions: [P.viewReportsModule],',
        "    menu: { group: [], label: 'Loan Products', order: 95 },",
        '    firstCall: { path: LOAN_PRODUCTS_PATHS.list },',
        "    status: 'ready',",
        '  },',
      ].join('\n'),
    );
    expect(catalog).toContain(
      [
        '  loanProductDetails: {',
        "    path: '/loan-products/:id',",
        "    title: 'Loan Product Details',",
        '    permissions: [P.viewReportsModule],',
        "    status: 'ready',",
        '  },',
      ].join('\n'),
    );
    const screens = text(tree, 'libs/loan-products/feature/src/lib/loan-products-screens.ts');
    expect(screens).toContain('{ ...SCREENS.loanProducts, element: lazy(');
    expect(screens).toContain("{ ...SCREENS.loanProductDetails, element: lazy(() => import('./loan-product-details-page')) }");
  });

  it('leaves the details screen out with --no-details', async () => {
    await domainGenerator(tree, { name: 'loan-products', permission: 'viewReportsModule', details: false });
    expect(tree.exists('libs/loan-products/feature/src/lib/loan-product-details-page.tsx')).toBe(false);
    expect(tree.exists('libs/loan-products/feature/src/lib/loan-product-details-page.stories.tsx')).toBe(false);
    expect(tree.exists('libs/loan-products/feature/src/lib/loan-products-list-page.stories.tsx')).toBe(true);
    expect(text(tree, 'libs/loan-products/server/src/lib/loan-products/routes.ts')).not.toContain('byId');
    expect(text(tree, 'libs/shared/contract/src/lib/loan-products.ts')).not.toContain('byId');
    expect(text(tree, 'libs/loan-products/data-access/src/testing/index.ts')).not.toContain('details:');
    expect(text(tree, PATHS.catalog)).not.toContain('loanProductDetails');
  });

  it('turns the planned catalog entry at the screen path ready and gives it the list as its first call', async () => {
    // The catalog as it was before Reports was built: its entry planned, without a first call.
    const reportsEntry = /\n {2}reports: \{\n([\s\S]*?)\n {2}\},/;
    const real = text(tree, PATHS.catalog);
    const plannedBody = (reportsEntry.exec(real)?.[1] ?? '').replace(/\n\s*firstCall: [^\n]*/, '').replace("status: 'ready'", "status: 'planned'");
    tree.write(PATHS.catalog, real.replace(reportsEntry, `\n  reports: {\n${plannedBody}\n  },`));
    expect(reportsEntry.exec(text(tree, PATHS.catalog))?.[1]).toContain("status: 'planned'");
    // No --screen: the spec's /reports entry is found by its path.
    await domainGenerator(tree, { name: 'reports', entity: 'report', permission: 'viewReportsModule' });
    const catalog = text(tree, PATHS.catalog);
    const entry = /\n {2}reports: \{\n([\s\S]*?)\n {2}\},/.exec(catalog)?.[1] ?? '';
    expect(entry).toContain("status: 'ready'");
    expect(entry).toContain('firstCall: { path: REPORTS_PATHS.list },');
    expect(entry).toContain("path: '/reports'");
    // One entry per path: nothing was added.
    expect(catalog.match(/path: '\/reports'/g)).toHaveLength(1);
    expect(text(tree, 'libs/reports/feature/src/lib/reports-screens.ts')).toContain('{ ...SCREENS.reports, element: lazy(');
  });

  it("uses the spec's entries for the list and its details (/communication, /communication/:id)", async () => {
    await domainGenerator(tree, { name: 'communication', entity: 'message', permission: 'viewCommunicationModule' });
    const catalog = text(tree, PATHS.catalog);
    const entry = (key: string) => new RegExp(`\\n {2}${key}: \\{\\n([\\s\\S]*?)\\n {2}\\},`).exec(catalog)?.[1] ?? '';
    expect(entry('communication')).toContain("status: 'ready'");
    expect(entry('communication')).toContain('firstCall: { path: COMMUNICATION_PATHS.list },');
    expect(entry('messageDetails')).toContain("status: 'ready'");
    expect(entry('messageDetails')).not.toContain('firstCall');
    expect(catalog.match(/path: '\/communication\/:id'/g)).toHaveLength(1);
    const screens = text(tree, 'libs/communication/feature/src/lib/communication-screens.ts');
    expect(screens).toContain("{ ...SCREENS.messageDetails, element: lazy(() => import('./message-details-page')) }");
    expect(text(tree, 'libs/communication/feature/src/lib/communication-list-page.tsx')).toContain(
      "rowHref={(r) => SCREENS.messageDetails.path.replace(':id', String(r.id))}",
    );
  });

  it('refuses what would not work, before writing anything', async () => {
    await expect(domainGenerator(tree, { name: 'loan-products', permission: 'seeEverything' })).rejects.toThrow(
      "'seeEverything' is not a key of P",
    );
    // The catalog's Users screen asks for 'view users manager module': a list needing another permission would answer 403.
    await expect(domainGenerator(tree, { name: 'staff', entity: 'staff-member', permission: 'viewReportsModule', screen: 'users' })).rejects.toThrow(
      "The catalog entry 'users' does not list P.viewReportsModule",
    );
    await expect(domainGenerator(tree, { name: 'sessions', permission: 'viewReportsModule' })).rejects.toThrow(
      'The table sessions (or the name sessions) is defined already',
    );
    await expect(domainGenerator(tree, { name: 'Loan_Products', permission: 'viewReportsModule' })).rejects.toThrow('must be kebab-case');
    expect(tree.listChanges().filter((c) => /^libs\/(loan-products|staff|sessions)\//.test(c.path))).toHaveLength(0);
    await domainGenerator(tree, { name: 'loan-products', permission: 'viewReportsModule' });
    await expect(domainGenerator(tree, { name: 'loan-products', permission: 'viewReportsModule' })).rejects.toThrow(
      'libs/loan-products/feature exists already',
    );
  });
});

describe('domainNames', () => {
  it('spells the domain and its record for files, code and prose', () => {
    expect(domainNames({ name: 'savings-goals' })).toMatchObject({
      name: 'savings-goals',
      prop: 'savingsGoals',
      cls: 'SavingsGoals',
      constant: 'SAVINGS_GOALS',
      entityFile: 'savings-goal',
      entityProp: 'savingsGoal',
      entityCls: 'SavingsGoal',
      table: 'savings_goals',
      title: 'Savings Goals',
      screen: 'savingsGoals',
      screenPath: '/savings-goals',
      apiBase: '/api/savings-goals',
    });
  });

  it('needs an entity name that differs from the domain', () => {
    expect(() => domainNames({ name: 'staff' })).toThrow('pass --entity');
    expect(domainNames({ name: 'staff', entity: 'staff-member' }).entityCls).toBe('StaffMember');
  });
});
