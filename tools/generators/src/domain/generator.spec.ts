import { readJson, type Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
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
  // The contract's modules too: the generator checks that the names it adds are free.
  for (const p of Object.values(PATHS)) copyIn(tree, p);
  return tree;
}

const text = (tree: Tree, file: string) => tree.read(file, 'utf-8') ?? '';

/** The contract as it was before the domain was built: its modules that name it are gone. */
function contractWithout(tree: Tree, ...modules: string[]): void {
  for (const m of ['domain-paths', ...modules]) tree.delete(`${PATHS.contractLib}/${m}.ts`);
}

/**
 * Type-checks a generated project as `tsc -p <tsconfig>` would, on the virtual tree laid over
 * the real workspace (the generated files and the edited copies win; the rest is read from
 * disk). Answers the errors in the files the generator wrote or edited, as `file: message`.
 */
const parsedFiles = new Map<string, ts.SourceFile>();
function typecheck(tree: Tree, tsconfig: string): string[] {
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  const inTree = (f: string) => !rel(f).startsWith('..') && tree.exists(rel(f)) && tree.isFile(rel(f));
  const readFile = (f: string) => (inTree(f) ? (tree.read(rel(f), 'utf-8') ?? undefined) : ts.sys.readFile(f));
  const fileExists = (f: string) => inTree(f) || ts.sys.fileExists(f);
  const treeDir = (d: string) => !rel(d).startsWith('..') && rel(d) !== '' && tree.exists(rel(d)) && !tree.isFile(rel(d));
  const directoryExists = (d: string) => treeDir(d) || ts.sys.directoryExists(d);
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    readFile,
    fileExists,
    directoryExists,
    readDirectory: (dir, ext, exclude, include, depth) => {
      // The generated project exists only in the tree: list its files from there.
      if (!rel(dir).startsWith('..') && tree.exists(rel(dir)) && !ts.sys.directoryExists(dir)) {
        const files: string[] = [];
        const walk = (d: string) => {
          for (const c of tree.children(d)) {
            const p = `${d}/${c}`;
            if (tree.isFile(p)) files.push(path.join(root, p));
            else walk(p);
          }
        };
        walk(rel(dir));
        // The tsconfig's include and exclude globs (`src/**/*.ts`, `src/**/*.spec.ts`), relative to it.
        const glob = (g: string) =>
          new RegExp(
            `^${path.posix
              .join(rel(dir), g)
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*\*\//g, '\0')
              .replace(/\*/g, '[^/]*')
              .replace(/\0/g, '(?:.*/)?')}$`,
          );
        const included = (include ?? []).map(glob);
        const excluded = (exclude ?? []).map(glob);
        return files.filter(
          (f) =>
            (!ext?.length || ext.some((e) => f.endsWith(e))) &&
            (!included.length || included.some((r) => r.test(rel(f)))) &&
            !excluded.some((r) => r.test(rel(f))),
        );
      }
      return ts.sys.readDirectory(dir, ext, exclude, include, depth);
    },
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, tsconfig), { noEmit: true }, host);
  if (!parsed) throw new Error(`cannot read ${tsconfig}`);
  const compilerHost = ts.createCompilerHost(parsed.options);
  // Parsed files are kept between calls (a file is parsed again only when its text changed).
  compilerHost.getSourceFile = (f, languageVersion) => {
    const source = readFile(f);
    if (source === undefined) return undefined;
    const known = parsedFiles.get(f);
    if (known?.text === source) return known;
    const sf = ts.createSourceFile(f, source, languageVersion);
    parsedFiles.set(f, sf);
    return sf;
  };
  compilerHost.readFile = readFile;
  compilerHost.fileExists = fileExists;
  compilerHost.directoryExists = directoryExists;
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host: compilerHost });
  // Only the files the generator wrote or edited are checked (the checker reads what they use):
  // the whole workspace's own errors are its typecheck targets' business, and seconds slower.
  const changed = new Set(tree.listChanges().map((c) => c.path));
  const ours = program.getSourceFiles().filter((f) => changed.has(rel(f.fileName)));
  return [
    ...parsed.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...ours.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
  ].map((d) => `${d.file ? rel(d.file.fileName) : tsconfig}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('domain generator', () => {
  let tree: Tree;
  beforeEach(() => {
    tree = workspace();
  });

  it('creates feature, data-access and server libs with their tags and their tests', async () => {
    await domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule' });
    const tags = (part: string) => readJson(tree, `libs/savings-goals/${part}/project.json`).tags;
    expect(tags('feature')).toEqual(['type:feature', 'scope:savings-goals', 'platform:web']);
    expect(tags('data-access')).toEqual(['type:data-access', 'scope:savings-goals', 'platform:web']);
    expect(tags('server')).toEqual(['type:server', 'scope:savings-goals', 'platform:node']);
    expect(readJson(tree, 'libs/savings-goals/server/project.json').targets['test-pg'].options.command).toContain(
      'jest -c libs/savings-goals/server/jest.config.cts',
    );
    for (const file of [
      'libs/savings-goals/feature/src/lib/savings-goals-list-page.tsx',
      'libs/savings-goals/feature/src/lib/savings-goals-list-page.spec.tsx',
      'libs/savings-goals/feature/src/lib/savings-goal-details-page.tsx',
      'libs/savings-goals/feature/src/lib/savings-goal-details-page.spec.tsx',
      'libs/savings-goals/feature/src/lib/savings-goals-list-page.stories.tsx',
      'libs/savings-goals/feature/src/lib/savings-goal-details-page.stories.tsx',
      'libs/savings-goals/feature/.storybook/main.ts',
      'libs/savings-goals/feature/tsconfig.storybook.json',
      'libs/savings-goals/feature/jest.config.cts',
      'libs/savings-goals/data-access/src/lib/savings-goals-api.ts',
      'libs/savings-goals/data-access/src/lib/savings-goals-api.spec.ts',
      'libs/savings-goals/data-access/src/testing/index.ts',
      'libs/savings-goals/server/src/lib/savings-goals/routes.ts',
      'libs/savings-goals/server/src/lib/savings-goals/savings-goals.spec.ts',
      'libs/savings-goals/server/eslint.config.mjs',
    ]) {
      expect(tree.exists(file)).toBe(true);
    }
    const paths = readJson(tree, 'tsconfig.base.json').compilerOptions.paths;
    expect(paths['@loan/savings-goals-feature']).toEqual(['./libs/savings-goals/feature/src/index.ts']);
    expect(paths['@loan/savings-goals-data-access']).toEqual(['./libs/savings-goals/data-access/src/index.ts']);
    expect(paths['@loan/savings-goals-data-access/testing']).toEqual(['./libs/savings-goals/data-access/src/testing/index.ts']);
    expect(paths['@loan/savings-goals-server']).toEqual(['./libs/savings-goals/server/src/index.ts']);
  });

  it('fills every template: no placeholder is left in any written file', async () => {
    await domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule' });
    // The new files (the copied workspace files are changes of the virtual tree too).
    const written = tree.listChanges().filter((c) => c.type !== 'DELETE' && /savings[-_]goals/.test(c.path));
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
    await domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule' });
    for (const file of [
      'libs/savings-goals/feature/src/lib/savings-goals-list-page.stories.tsx',
      'libs/savings-goals/feature/src/lib/savings-goal-details-page.stories.tsx',
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
    await domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule' });
    const routes = text(tree, 'libs/savings-goals/server/src/lib/savings-goals/routes.ts');
    expect(routes).toContain('url: SAVINGS_GOALS_PATHS.list');
    expect(routes).toContain('auth: P.viewReportsModule');
    expect(routes).toContain('query: savingsGoalListQuerySchema');
    expect(routes).toContain('response: savingsGoalListSchema');
    expect(routes).toContain('url: SAVINGS_GOALS_PATHS.byId');
    expect(routes).toContain('params: idParamsSchema');
    expect(routes).toContain('response: savingsGoalSchema');
    const contract = text(tree, 'libs/shared/contract/src/lib/savings-goals.ts');
    expect(contract).toContain("list: '/api/savings-goals/list'");
    expect(contract).toContain('export const savingsGoalListSchema = listEnvelope(savingsGoalSchema);');
    const api = text(tree, 'libs/savings-goals/data-access/src/lib/savings-goals-api.ts');
    expect(api).toContain('api.injectEndpoints(');
    expect(api).toContain("overrideExisting: 'throw'");
    expect(api).toContain('export const { useGetSavingsGoalsQuery, useGetSavingsGoalQuery } = savingsGoalsApi;');
    const testing = text(tree, 'libs/savings-goals/data-access/src/testing/index.ts');
    expect(testing).toContain("endpointVariants('GET', SAVINGS_GOALS_PATHS.list");
    const page = text(tree, 'libs/savings-goals/feature/src/lib/savings-goals-list-page.tsx');
    expect(page).toContain('<ListScreen');
    expect(page).toContain('useListParams(');
  });

  it('adds the table: a migration numbered after the last one and its drizzle twin', async () => {
    const last = Math.max(...readdirSync(path.join(root, PATHS.migrations)).map((f) => Number(f.slice(0, 4))));
    await domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule' });
    const name = `${String(last + 1).padStart(4, '0')}_savings_goals.sql`;
    expect(tree.children(PATHS.migrations)).toContain(name);
    expect(text(tree, `${PATHS.migrations}/${name}`)).toContain('CREATE TABLE savings_goals (');
    expect(text(tree, `${PATHS.schemaDir}/savings-goals.ts`)).toContain("export const savingsGoals = pgTable('savings_goals', {");
    expect(text(tree, `${PATHS.schemaDir}/index.ts`)).toContain("export * from './savings-goals';");
  });

  it('registers the domain with the contract, the api slice, the portal, the api and lint', async () => {
    await domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule' });
    expect(text(tree, PATHS.contractIndex)).toContain("export * from './lib/savings-goals';");
    expect(text(tree, PATHS.tagTypes)).toMatch(/TAG_TYPES = \[[^\]]*'SavingsGoal',[^\]]*\] as const/);
    const portal = text(tree, PATHS.portalScreens);
    expect(portal).toContain("import { savingsGoalsScreens } from '@loan/savings-goals-feature';");
    expect(portal).toMatch(/FEATURE_SCREENS: readonly ScreenDescriptor\[\] = \[[^\]]*\.\.\.savingsGoalsScreens[^\]]*\]/);
    const api = text(tree, PATHS.apiModules);
    expect(api).toContain("import { savingsGoalsServer } from '@loan/savings-goals-server';");
    expect(api).toMatch(/modules: readonly FastifyPluginAsync\[\] = \[[^\]]*savingsGoalsServer[^\]]*\]/);
    expect(text(tree, PATHS.eslint)).toMatch(/const domains = \[[^\]]*'savings-goals'[^\]]*\]/);
  });

  it('adds a ready catalog entry whose permission is the route\u2019s and whose first call is the list', async () => {
    await domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule', title: 'Savings Goals', menuOrder: 95 });
    const catalog = text(tree, PATHS.catalog);
    expect(catalog).toMatch(/^import \{[^}]*SAVINGS_GOALS_PATHS[^}]*\} from '@loan\/shared-contract';$/m);
    expect(catalog).toContain(
      [
        '  savingsGoals: {',
        "    path: '/savings-goals',",
        "    title: 'Savings Goals',",
        '    permissions: [P.viewReportsModule],',
        "    menu: { group: [], label: 'Savings Goals', order: 95 },",
        '    firstCall: { path: SAVINGS_GOALS_PATHS.list },',
        "    status: 'ready',",
        '  },',
      ].join('\n'),
    );
    expect(catalog).toContain(
      [
        '  savingsGoalDetails: {',
        "    path: '/savings-goals/:id',",
        "    title: 'Savings Goal Details',",
        '    permissions: [P.viewReportsModule],',
        "    status: 'ready',",
        '  },',
      ].join('\n'),
    );
    const screens = text(tree, 'libs/savings-goals/feature/src/lib/savings-goals-screens.ts');
    expect(screens).toContain('{ ...SCREENS.savingsGoals, element: lazy(');
    expect(screens).toContain("{ ...SCREENS.savingsGoalDetails, element: lazy(() => import('./savings-goal-details-page')) }");
  });

  it('leaves the details screen out with --no-details', async () => {
    await domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule', details: false });
    expect(tree.exists('libs/savings-goals/feature/src/lib/savings-goal-details-page.tsx')).toBe(false);
    expect(tree.exists('libs/savings-goals/feature/src/lib/savings-goal-details-page.stories.tsx')).toBe(false);
    expect(tree.exists('libs/savings-goals/feature/src/lib/savings-goals-list-page.stories.tsx')).toBe(true);
    expect(text(tree, 'libs/savings-goals/server/src/lib/savings-goals/routes.ts')).not.toContain('byId');
    expect(text(tree, 'libs/shared/contract/src/lib/savings-goals.ts')).not.toContain('byId');
    expect(text(tree, 'libs/savings-goals/data-access/src/testing/index.ts')).not.toContain('details:');
    expect(text(tree, PATHS.catalog)).not.toContain('savingsGoalDetails');
  });

  it('turns the planned catalog entry at the screen path ready and gives it the list as its first call', async () => {
    // The catalog as it was before Reports was built: its entry planned, without a first call.
    contractWithout(tree, 'reports');
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
    contractWithout(tree, 'communication');
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

  it('lays the server out as the domains do: a plugin registering each part, with routes.ts, service/ and repository/', async () => {
    await domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule' });
    const lib = 'libs/savings-goals/server/src';
    const index = text(tree, `${lib}/index.ts`);
    expect(index).toContain("import { savingsGoalsModule } from './lib/savings-goals/routes';");
    expect(index).toContain('export const savingsGoalsServer: FastifyPluginAsync = async (app) => {\n  await app.register(savingsGoalsModule);\n};');
    for (const file of ['routes.ts', 'service/index.ts', 'service/lists.ts', 'service/dto.ts', 'repository/index.ts', 'repository/rows.ts', 'savings-goals.spec.ts']) {
      expect({ file, exists: tree.exists(`${lib}/lib/savings-goals/${file}`) }).toEqual({ file, exists: true });
    }
    for (const file of ['service.ts', 'repository.ts']) expect(tree.exists(`${lib}/lib/savings-goals/${file}`)).toBe(false);
    expect(text(tree, `${lib}/lib/savings-goals/routes.ts`)).toContain("import * as service from './service';");
    expect(text(tree, `${lib}/lib/savings-goals/service/lists.ts`)).toContain("import * as repo from '../repository';");
    expect(text(tree, `${lib}/lib/savings-goals/repository/index.ts`)).toContain("export * from './rows';");
  });

  it('names the first part with --area', async () => {
    await domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule', area: 'catalog' });
    const lib = 'libs/savings-goals/server/src';
    expect(text(tree, `${lib}/index.ts`)).toContain("import { catalogModule } from './lib/catalog/routes';");
    expect(text(tree, `${lib}/lib/catalog/routes.ts`)).toContain('export const catalogModule: FastifyPluginAsync');
    expect(tree.exists(`${lib}/lib/catalog/catalog.spec.ts`)).toBe(true);
    expect(tree.exists(`${lib}/lib/savings-goals`)).toBe(false);
  });

  it('generates a server lib that type-checks with the contract and table it adds (tsc on the tree over the workspace)', async () => {
    await domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule' });
    expect(typecheck(tree, 'libs/savings-goals/server/tsconfig.lib.json')).toEqual([]);
    // And it would say so: a wrong name in the service is an error of that file.
    const lists = 'libs/savings-goals/server/src/lib/savings-goals/service/lists.ts';
    tree.write(lists, text(tree, lists).replace('repo.listPage(', 'repo.listPages('));
    expect(typecheck(tree, 'libs/savings-goals/server/tsconfig.lib.json')).toEqual([expect.stringMatching(new RegExp(`^${lists}: Property 'listPages' does not exist`))]);
  }, 240_000);

  it('refuses a record whose names the contract exports already (the loan products\u2019 list)', async () => {
    await expect(domainGenerator(tree, { name: 'lending', entity: 'loan-product', permission: 'editSettings' })).rejects.toThrow(
      'The contract exports loanProductListSchema already (libs/shared/contract/src/lib/loan-products.ts): pass another --entity.',
    );
  });

  it('edits the shared files by their syntax, whatever their layout, and leaves the rest of each file as it was', async () => {
    contractWithout(tree, 'reports');
    // Shapes the former regular expressions missed: a one-line array with a comment, an
    // import group out of order, a catalog entry whose fields are reordered, P with a comment.
    tree.write(
      PATHS.apiModules,
      [
        "import type { FastifyPluginAsync } from 'fastify';",
        "import { rbacServer } from '@loan/rbac-server';",
        "import { loansServer } from '@loan/loans-server';",
        "import { something } from './local';",
        '',
        'export const modules: readonly FastifyPluginAsync[] = [rbacServer, /* money */ loansServer];',
        'void something;',
        '',
      ].join('\n'),
    );
    const reportsEntry = /\n {2}reports: \{\n([\s\S]*?)\n {2}\},/;
    const real = text(tree, PATHS.catalog);
    const reordered = [
      "    status: 'planned', // not built yet",
      "    path: '/reports',",
      "    title: 'Reports',",
      '    permissions: [P.viewReportsModule],',
    ].join('\n');
    tree.write(PATHS.catalog, real.replace(reportsEntry, `\n  reports: {\n${reordered}\n  },`));
    tree.write(PATHS.permissions, text(tree, PATHS.permissions).replace('export const P = {', 'export const P = {\n  // The catalog.'));
    const before = { api: text(tree, PATHS.apiModules), catalog: text(tree, PATHS.catalog), portal: text(tree, PATHS.portalScreens) };

    await domainGenerator(tree, { name: 'reports', entity: 'report', permission: 'viewReportsModule' });

    const api = text(tree, PATHS.apiModules);
    expect(api).toContain(
      [
        "import { loansServer } from '@loan/loans-server';",
        "import { reportsServer } from '@loan/reports-server';",
        "import { something } from './local';",
      ].join('\n'),
    );
    expect(api).toContain('export const modules: readonly FastifyPluginAsync[] = [rbacServer, /* money */ loansServer, reportsServer];');
    const catalog = text(tree, PATHS.catalog);
    expect(catalog).toContain(
      [
        '  reports: {',
        '    firstCall: { path: REPORTS_PATHS.list },',
        "    status: 'ready', // not built yet",
        "    path: '/reports',",
      ].join('\n'),
    );
    // Only insertions: every line of each file is still there, in order.
    const kept = (was: string, now: string) => {
      const lines = now.split('\n');
      let i = 0;
      return was.split('\n').every((line) => {
        while (i < lines.length && lines[i] !== line) i++;
        return i++ < lines.length;
      });
    };
    // (the one-line array is the line that changed).
    expect(kept(before.api.replace('loansServer];', 'loansServer, reportsServer];'), api)).toBe(true);
    expect(kept(before.portal, text(tree, PATHS.portalScreens))).toBe(true);
    expect(kept(before.catalog.replace("status: 'planned', // not built yet", "status: 'ready', // not built yet"), catalog)).toBe(true);
    // Both names from the contract's one import of the catalog.
    expect(catalog.match(/from '@loan\/shared-contract';/g)).toHaveLength(1);
  });

  it('fails with the file\u2019s name when a declaration it edits is gone', async () => {
    tree.write(PATHS.apiModules, text(tree, PATHS.apiModules).replace('export const modules', 'export const plugins'));
    await expect(domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule' })).rejects.toThrow(
      `${PATHS.apiModules}: cannot find the array \`const modules = [...]\` (was the file reshaped? update tools/generators).`,
    );
  });

  it('refuses what would not work, before writing anything', async () => {
    await expect(domainGenerator(tree, { name: 'savings-goals', permission: 'seeEverything' })).rejects.toThrow(
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
    expect(tree.listChanges().filter((c) => /^libs\/(savings-goals|staff|sessions)\//.test(c.path))).toHaveLength(0);
    await domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule' });
    await expect(domainGenerator(tree, { name: 'savings-goals', permission: 'viewReportsModule' })).rejects.toThrow(
      'libs/savings-goals/feature exists already',
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
