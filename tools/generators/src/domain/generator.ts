import { generateFiles, joinPathFragments, names, updateJson, type Tree } from '@nx/devkit';
import * as path from 'node:path';
import * as ts from 'typescript';
import {
  addArrayElement,
  addExportStar,
  addNamedImport,
  declaredConstants,
  edit,
  exportedNames,
  objectAppendSplices,
  objectLiteral,
  objectProperty,
  property,
  propertyName,
  reshaped,
  sourceOf,
  stringArgumentsOf,
  stringProperty,
  type Splice,
} from './ast';

export interface DomainGeneratorSchema {
  /** kebab-case, plural: `savings-goals`. */
  name: string;
  /** kebab-case, singular: `savings-goal` (the name without its last 's' by default). */
  entity?: string;
  /** Key of `P` in the contract's permission catalog: the list route's permission. */
  permission: string;
  /** Key of the list screen in SCREENS (libs/shared/screens); the domain's camelCase name by default. */
  screen?: string;
  title?: string;
  screenPath?: string;
  menuOrder?: number;
  /** Also the details screen of one record (route, endpoint, page); true by default. */
  details?: boolean;
  /** Key of the details screen in SCREENS; the entry at `<screenPath>/:id`, else `<entity>Details`. */
  detailsScreen?: string;
  /** kebab-case: the server's first part, `src/lib/<area>/` (routes, service/, repository/); the domain's name by default. */
  area?: string;
}

/** Where the generator writes and which shared files it edits (all relative to the workspace root). */
export const PATHS = {
  contractIndex: 'libs/shared/contract/src/index.ts',
  contractLib: 'libs/shared/contract/src/lib',
  permissions: 'libs/shared/contract/src/lib/permissions.ts',
  schemaDir: 'libs/shared/server/src/db/schema',
  migrations: 'apps/api/src/db/migrations',
  catalog: 'libs/shared/screens/src/lib/screen-catalog.ts',
  tagTypes: 'libs/shared/data-access-api/src/lib/api.ts',
  portalScreens: 'apps/portal/src/app/screens.ts',
  apiModules: 'apps/api/src/modules/index.ts',
  eslint: 'eslint.config.mjs',
  tsconfigBase: 'tsconfig.base.json',
} as const;

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Every spelling of the domain and its record that the templates use. */
export function domainNames(o: Pick<DomainGeneratorSchema, 'name' | 'entity' | 'screen' | 'title' | 'screenPath' | 'details' | 'detailsScreen' | 'area'>) {
  if (!KEBAB.test(o.name)) throw new Error(`The domain name '${o.name}' must be kebab-case (savings-goals).`);
  const entity = o.entity ?? (o.name.endsWith('s') && o.name.length > 1 ? o.name.slice(0, -1) : o.name);
  if (!KEBAB.test(entity)) throw new Error(`The entity name '${entity}' must be kebab-case (savings-goal).`);
  if (entity === o.name) throw new Error(`The entity name must differ from the domain name '${o.name}': pass --entity.`);
  const area = o.area ?? o.name;
  if (!KEBAB.test(area)) throw new Error(`The area name '${area}' must be kebab-case (savings-goals).`);
  const n = names(o.name);
  const e = names(entity);
  const words = o.name.split('-').join(' ');
  const titleCase = (kebab: string) => kebab.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  const entityWords = entity.split('-').join(' ');
  const screenPath = o.screenPath ?? `/${n.fileName}`;
  return {
    /** savings-goals */
    name: n.fileName,
    /** savingsGoals */
    prop: n.propertyName,
    /** SavingsGoals */
    cls: n.className,
    /** SAVINGS_GOALS */
    constant: n.constantName,
    /** savings-goal / savingsGoal / SavingsGoal */
    entityFile: e.fileName,
    entityProp: e.propertyName,
    entityCls: e.className,
    /** The server's first part: libs/<name>/server/src/lib/<area>/ (savings-goals / savingsGoals / 'savings goals'). */
    area,
    areaProp: names(area).propertyName,
    areaWords: area.split('-').join(' '),
    /** savings_goals: the table. */
    table: n.fileName.replace(/-/g, '_'),
    /** 'Savings goals': prose. */
    words: words.charAt(0).toUpperCase() + words.slice(1),
    entityWords,
    /** 'Savings goal': the record in a sentence's first place. */
    entityLabel: entityWords.charAt(0).toUpperCase() + entityWords.slice(1),
    screen: o.screen ?? n.propertyName,
    title: o.title ?? titleCase(n.fileName),
    screenPath,
    apiBase: `/api/${n.fileName}`,
    /** The details screen of one record (`--no-details` leaves it out). */
    details: o.details !== false,
    detailsScreen: o.detailsScreen ?? `${e.propertyName}Details`,
    detailsPath: `${screenPath}/:id`,
    detailsTitle: `${titleCase(entity)} Details`,
  };
}
export type DomainNames = ReturnType<typeof domainNames>;

/** The keys of `P`, the contract's permission catalog. */
function permissionKeys(tree: Tree): string[] {
  return objectLiteral(sourceOf(tree, PATHS.permissions), 'P').properties.map(propertyName).filter((k): k is string => !!k);
}

function checkPermission(tree: Tree, key: string): void {
  const keys = permissionKeys(tree);
  if (!keys.includes(key)) {
    throw new Error(`'${key}' is not a key of P in ${PATHS.permissions}. Pick one of: ${keys.join(', ')}.`);
  }
}

function nextMigrationNumber(tree: Tree): string {
  const numbers = tree
    .children(PATHS.migrations)
    .map((f) => /^(\d{4})_/.exec(f)?.[1])
    .filter((x): x is string => !!x)
    .map(Number);
  return String(Math.max(0, ...numbers) + 1).padStart(4, '0');
}

/** The catalog's `SCREENS = { key: { path, title, permissions, ... }, ... } as const satisfies ...`. */
function screens(sf: ts.SourceFile): ts.ObjectLiteralExpression {
  return objectLiteral(sf, 'SCREENS');
}

/** The key of the catalog entry at `path`, if there is one. */
function catalogKeyAt(sf: ts.SourceFile, path: string): string | undefined {
  const entry = screens(sf).properties.find((p) => {
    const name = propertyName(p);
    const body = name ? objectProperty(screens(sf), name) : undefined;
    return !!body && stringProperty(body, 'path') === path;
  });
  return entry ? propertyName(entry) : undefined;
}

/** A screen the generator makes ready: an existing catalog entry, or a new one it adds. */
interface ScreenPlan {
  key: string;
  path: string;
  title: string;
  /** The side menu's place of a new entry (details screens have none). */
  menu?: string;
  /** The api call of a new entry's firstCall, and of an existing entry that has none. */
  firstCall?: string;
}

function screenPlans(n: DomainNames, menuOrder: number): ScreenPlan[] {
  const plans: ScreenPlan[] = [
    {
      key: n.screen,
      path: n.screenPath,
      title: n.title,
      menu: `{ group: [], label: '${n.title}', order: ${menuOrder} }`,
      firstCall: `${n.constant}_PATHS.list`,
    },
  ];
  if (n.details) plans.push({ key: n.detailsScreen, path: n.detailsPath, title: n.detailsTitle });
  return plans;
}

/** The permissions an entry lists (`permissions: [P.a, P.b]`), as source text. */
function entryPermissions(entry: ts.ObjectLiteralExpression): string[] {
  const init = property(entry, 'permissions')?.initializer;
  return init && ts.isArrayLiteralExpression(init) ? init.elements.map((e) => e.getText()) : [];
}

/** Fails before anything is written when a screen entry could not work. */
function checkScreens(tree: Tree, plans: readonly ScreenPlan[], permission: string): void {
  const sf = sourceOf(tree, PATHS.catalog);
  const all = screens(sf);
  for (const plan of plans) {
    const found = objectProperty(all, plan.key);
    if (found && !entryPermissions(found).includes(`P.${permission}`)) {
      throw new Error(
        `The catalog entry '${plan.key}' does not list P.${permission}: a user holding its permissions would get 403 from its route. ` +
          `Pass the --permission the entry names, or add it to the entry.`,
      );
    }
    if (!found && catalogKeyAt(sf, plan.path)) {
      throw new Error(`${PATHS.catalog} already has a screen at ${plan.path} under another key: pass its key (--screen, --detailsScreen).`);
    }
  }
}

/** Each screen's catalog entry: an existing one turns ready (the list with its first call), or a new one is added. */
function addScreens(tree: Tree, n: DomainNames, plans: readonly ScreenPlan[], permission: string): void {
  const file = PATHS.catalog;
  edit(tree, file, (sf) => {
    const all = screens(sf);
    const splices: Splice[] = [];
    const added: { key: string; code: string }[] = [];
    for (const plan of plans) {
      const found = objectProperty(all, plan.key);
      if (!found) {
        const fields = [
          `path: '${plan.path}'`,
          `title: '${plan.title}'`,
          `permissions: [P.${permission}]`,
          ...(plan.menu ? [`menu: ${plan.menu}`] : []),
          ...(plan.firstCall ? [`firstCall: { path: ${plan.firstCall} }`] : []),
          `status: 'ready'`,
        ];
        // In the catalog's style: one field a line, two spaces deeper than the key.
        added.push({ key: plan.key, code: `${plan.key}: {\n${fields.map((f) => `    ${f},`).join('\n')}\n  }` });
        continue;
      }
      const status = property(found, 'status');
      if (!status) throw reshaped(file, `the status of the catalog entry '${plan.key}'`);
      splices.push({ at: status.initializer.getStart(sf), end: status.initializer.getEnd(), text: "'ready'" });
      if (plan.firstCall && !property(found, 'firstCall')) {
        const { character } = sf.getLineAndCharacterOfPosition(status.getStart(sf));
        splices.push({ at: status.getStart(sf), text: `firstCall: { path: ${plan.firstCall} },\n${' '.repeat(character)}` });
      }
    }
    return [...splices, ...objectAppendSplices(sf, all, added)];
  });
  // A first call names the domain's path constant: import it with the catalog's other contract names.
  const paths = `${n.constant}_PATHS`;
  if (readTree(tree, file).includes(`${paths}.`)) addNamedImport(tree, file, '@loan/shared-contract', paths);
}

function readTree(tree: Tree, file: string): string {
  return tree.read(file, 'utf-8') ?? '';
}

/** Fails when a name the contract file would export is exported already by another contract module. */
function checkContractNames(tree: Tree, n: DomainNames): void {
  const ours = [
    `${n.constant}_PATHS`,
    n.entityCls,
    `${n.entityProp}Schema`,
    `${n.entityCls}ListQuery`,
    `${n.entityProp}ListQuerySchema`,
    `${n.entityProp}ListSchema`,
  ];
  for (const f of tree.children(PATHS.contractLib).filter((x) => /\.ts$/.test(x) && !/\.spec\.ts$/.test(x))) {
    const file = joinPathFragments(PATHS.contractLib, f);
    const taken = exportedNames(sourceOf(tree, file)).filter((name) => ours.includes(name));
    if (taken.length) throw new Error(`The contract exports ${taken.join(', ')} already (${file}): pass another --entity.`);
  }
}

/** Fails when the table or its drizzle name is defined already (in any schema file). */
function checkTable(tree: Tree, n: DomainNames): void {
  for (const f of tree.children(PATHS.schemaDir).filter((x) => x.endsWith('.ts'))) {
    const file = joinPathFragments(PATHS.schemaDir, f);
    const sf = sourceOf(tree, file);
    if (declaredConstants(sf).includes(n.prop) || stringArgumentsOf(sf, 'pgTable').includes(n.table)) {
      throw new Error(`The table ${n.table} (or the name ${n.prop}) is defined already in ${file}.`);
    }
  }
}

function register(tree: Tree, n: DomainNames): void {
  // Contract, table and tag type.
  addExportStar(tree, PATHS.contractIndex, `./lib/${n.name}`);
  addExportStar(tree, joinPathFragments(PATHS.schemaDir, 'index.ts'), `./${n.name}`);
  addArrayElement(tree, PATHS.tagTypes, 'TAG_TYPES', `'${n.entityCls}'`);

  // The portal shows the descriptors; the api registers the plugin. Each import joins its group.
  addNamedImport(tree, PATHS.portalScreens, `@loan/${n.name}-feature`, `${n.prop}Screens`, (m) => /^@loan\/.*-feature$/.test(m));
  addArrayElement(tree, PATHS.portalScreens, 'FEATURE_SCREENS', `...${n.prop}Screens`);
  addNamedImport(tree, PATHS.apiModules, `@loan/${n.name}-server`, `${n.prop}Server`, (m) => /^@loan\/.*-server$/.test(m));
  addArrayElement(tree, PATHS.apiModules, 'modules', `${n.prop}Server`);

  // Lint: the new scope may use itself and shared (eslint.config.mjs scopeRules).
  addArrayElement(tree, PATHS.eslint, 'domains', `'${n.name}'`);

  updateJson(tree, PATHS.tsconfigBase, (json) => {
    const paths = (json.compilerOptions.paths ??= {});
    paths[`@loan/${n.name}-feature`] = [`./libs/${n.name}/feature/src/index.ts`];
    paths[`@loan/${n.name}-data-access`] = [`./libs/${n.name}/data-access/src/index.ts`];
    paths[`@loan/${n.name}-data-access/testing`] = [`./libs/${n.name}/data-access/src/testing/index.ts`];
    paths[`@loan/${n.name}-server`] = [`./libs/${n.name}/server/src/index.ts`];
    return json;
  });
}

/**
 * `nx g @loan/tools:domain <name> --permission=<key of P>`: a new domain as a vertical slice
 * (ARCHITECTURE.md): its contract (paths, record, list query and answer schemas), its table
 * (migration + drizzle definition), libs/<name>/server with the list and byId routes,
 * libs/<name>/data-access with the injected endpoints and their MSW variants, libs/<name>/feature
 * with the list and details screens and their descriptors, each with tests; then makes their
 * catalog entries ready and registers them with the portal, the api, the api slice and lint.
 * CONTRIBUTING.md "Adding a screen" says what to fill in afterwards.
 */
export async function domainGenerator(tree: Tree, options: DomainGeneratorSchema): Promise<() => void> {
  // Every route of the spec is in the catalog already: without --screen, the entry at the
  // screen's path is the one to turn ready.
  const catalog = sourceOf(tree, PATHS.catalog);
  const guess = domainNames(options);
  const screen = options.screen ?? catalogKeyAt(catalog, guess.screenPath);
  const detailsScreen = options.detailsScreen ?? catalogKeyAt(catalog, guess.detailsPath);
  const n = domainNames({ ...options, screen, detailsScreen });
  const plans = screenPlans(n, options.menuOrder ?? 90);
  for (const part of ['feature', 'data-access', 'server']) {
    if (tree.exists(`libs/${n.name}/${part}`)) throw new Error(`libs/${n.name}/${part} exists already.`);
  }
  checkPermission(tree, options.permission);
  checkScreens(tree, plans, options.permission);
  if (tree.exists(joinPathFragments(PATHS.contractLib, `${n.name}.ts`))) throw new Error(`${PATHS.contractLib}/${n.name}.ts exists already.`);
  checkContractNames(tree, n);
  checkTable(tree, n);

  const vars = { ...n, permission: options.permission, tmpl: '' };
  const files = path.join(__dirname, 'files');
  generateFiles(tree, path.join(files, 'contract'), PATHS.contractLib, vars);
  generateFiles(tree, path.join(files, 'schema'), PATHS.schemaDir, vars);
  generateFiles(tree, path.join(files, 'migration'), PATHS.migrations, { ...vars, number: nextMigrationNumber(tree) });
  generateFiles(tree, path.join(files, 'server'), `libs/${n.name}/server`, vars);
  generateFiles(tree, path.join(files, 'data-access'), `libs/${n.name}/data-access`, vars);
  // Every file under files/feature is written beside the screen, with the lib's Storybook
  // (`.storybook/main.ts` on tools/storybook) and a story file beside each screen (issue 19).
  generateFiles(tree, path.join(files, 'feature'), `libs/${n.name}/feature`, vars);
  if (n.details) generateFiles(tree, path.join(files, 'feature-details'), `libs/${n.name}/feature`, vars);

  addScreens(tree, n, plans, options.permission);
  register(tree, n);

  // No formatting pass: the templates are written in the workspace's style, and prettier's
  // defaults would rewrap the shared files the generator edits.
  return () => {
    console.log(
      [
        '',
        `Domain '${n.name}' created. Next (CONTRIBUTING.md, "Adding a screen"):`,
        `  1. columns: ${PATHS.migrations}/*_${n.table}.sql, ${PATHS.schemaDir}/${n.name}.ts, ${PATHS.contractLib}/${n.name}.ts,`,
        `     toDto in libs/${n.name}/server/src/lib/${n.area}/service/dto.ts and the rows its spec inserts, the fixtures in`,
        `     libs/${n.name}/data-access/src/testing/index.ts, libs/${n.name}/feature/src/lib/${n.name}-columns.tsx` +
          (n.details ? ` and ${n.entityFile}-details-page.tsx` : ''),
        `  2. search and filters: libs/${n.name}/server/src/lib/${n.area}/repository/rows.ts`,
        `  3. the ready screens and menu items the portal's tests pin: apps/portal/src/app/{screens,menu}.spec.ts, app.spec.tsx`,
        `  4. NX_DAEMON=false npx nx run-many -t lint typecheck test -p ${n.name}-feature ${n.name}-data-access ${n.name}-server shared-screens portal api`,
      ].join('\n'),
    );
  };
}

export default domainGenerator;
