import { generateFiles, joinPathFragments, names, updateJson, type Tree } from '@nx/devkit';
import * as path from 'node:path';

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
export function domainNames(o: Pick<DomainGeneratorSchema, 'name' | 'entity' | 'screen' | 'title' | 'screenPath' | 'details' | 'detailsScreen'>) {
  if (!KEBAB.test(o.name)) throw new Error(`The domain name '${o.name}' must be kebab-case (savings-goals).`);
  const entity = o.entity ?? (o.name.endsWith('s') && o.name.length > 1 ? o.name.slice(0, -1) : o.name);
  if (!KEBAB.test(entity)) throw new Error(`The entity name '${entity}' must be kebab-case (savings-goal).`);
  if (entity === o.name) throw new Error(`The entity name must differ from the domain name '${o.name}': pass --entity.`);
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

function read(tree: Tree, file: string): string {
  const text = tree.read(file, 'utf-8');
  if (text === null) throw new Error(`${file} is missing: the generator edits it.`);
  return text;
}

/** Puts `line` after the last import matching `after` (a global, multiline pattern). */
function insertImport(tree: Tree, file: string, after: RegExp, line: string): void {
  const text = read(tree, file);
  if (text.includes(line)) return;
  const last = [...text.matchAll(after)].pop();
  if (!last || last.index === undefined) throw new Error(`${file}: cannot find an import matching ${after} (was the file reshaped? update tools/generators).`);
  const at = last.index + last[0].length;
  tree.write(file, `${text.slice(0, at)}\n${line}${text.slice(at)}`);
}

function appendLine(tree: Tree, file: string, line: string): void {
  const text = read(tree, file);
  if (text.split('\n').includes(line)) return;
  tree.write(file, `${text.replace(/\n*$/, '\n')}${line}\n`);
}

/** Adds an item to a multi- or single-line array literal `[ ... ]` that `head` introduces. */
function addToArray(tree: Tree, file: string, head: RegExp, item: string): void {
  const text = read(tree, file);
  const m = head.exec(text);
  if (!m) throw new Error(`${file}: cannot find ${head} (was the file reshaped? update tools/generators).`);
  const open = m.index + m[0].length;
  const close = text.indexOf(']', open);
  const body = text.slice(open, close);
  if (body.split(/[\s,]+/).includes(item)) return;
  const multiline = body.includes('\n');
  const trimmed = body.replace(/[\s,]*$/, '');
  const next = multiline ? `${trimmed},\n  ${item},\n` : `${trimmed}${trimmed.trim() ? ', ' : ''}${item}`;
  tree.write(file, text.slice(0, open) + next + text.slice(close));
}

function checkPermission(tree: Tree, key: string): void {
  const text = read(tree, PATHS.permissions);
  const block = /export const P = \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
  const keys = [...block.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]);
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

/** The key of the catalog entry at `path`, if there is one. */
function catalogKeyAt(text: string, path: string): string | undefined {
  return new RegExp(`\\n  (\\w+): \\{\\n    path: '${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}',`).exec(text)?.[1];
}

function catalogEntry(text: string, key: string): RegExpExecArray | null {
  return new RegExp(`\\n  ${key}: \\{\\n([\\s\\S]*?)\\n  \\},`).exec(text);
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

/** Fails before anything is written when a screen entry could not work. */
function checkScreens(tree: Tree, plans: readonly ScreenPlan[], permission: string): void {
  const text = read(tree, PATHS.catalog);
  for (const plan of plans) {
    const found = catalogEntry(text, plan.key);
    if (found && !found[1].includes(`P.${permission}`)) {
      throw new Error(
        `The catalog entry '${plan.key}' does not list P.${permission}: a user holding its permissions would get 403 from its route. ` +
          `Pass the --permission the entry names, or add it to the entry.`,
      );
    }
    if (!found && text.includes(`path: '${plan.path}'`)) {
      throw new Error(`${PATHS.catalog} already has a screen at ${plan.path} under another key: pass its key (--screen, --detailsScreen).`);
    }
  }
  if (!CATALOG_END.test(text)) throw new Error(`${PATHS.catalog}: cannot find the end of SCREENS (was the file reshaped? update tools/generators).`);
}

const CATALOG_END = /\n\} as const satisfies Record<string, ScreenSpec>;/;

/** Each screen's catalog entry: an existing one turns ready (the list with its first call), or a new one is added. */
function addScreens(tree: Tree, n: DomainNames, plans: readonly ScreenPlan[], permission: string): void {
  const file = PATHS.catalog;
  let text = read(tree, file);
  for (const plan of plans) {
    const found = catalogEntry(text, plan.key);
    if (found) {
      let updated = found[1].replace(/status: 'planned'/, "status: 'ready'");
      if (plan.firstCall && !/firstCall:/.test(updated)) {
        updated = updated.replace(/(\n?)(\s*)status:/, `$1$2firstCall: { path: ${plan.firstCall} },\n$2status:`);
      }
      text = text.replace(found[0], `\n  ${plan.key}: {\n${updated}\n  },`);
    } else {
      const block = [
        `  ${plan.key}: {`,
        `    path: '${plan.path}',`,
        `    title: '${plan.title}',`,
        `    permissions: [P.${permission}],`,
        ...(plan.menu ? [`    menu: ${plan.menu},`] : []),
        ...(plan.firstCall ? [`    firstCall: { path: ${plan.firstCall} },`] : []),
        `    status: 'ready',`,
        `  },`,
      ].join('\n');
      text = text.replace(CATALOG_END, `\n${block}$&`);
    }
  }
  // A first call names the domain's path constant: import it with the catalog's other contract names.
  const paths = `${n.constant}_PATHS`;
  if (text.includes(`${paths}.`)) {
    text = text.replace(/import \{([^}]*)\} from '@loan\/shared-contract';/, (m, list: string) => {
      const items = list.split(',').map((s) => s.trim()).filter(Boolean);
      return items.includes(paths) ? m : `import { ${[...items, paths].join(', ')} } from '@loan/shared-contract';`;
    });
  }
  tree.write(file, text);
}

function register(tree: Tree, n: DomainNames): void {
  // Contract, table and tag type.
  appendLine(tree, PATHS.contractIndex, `export * from './lib/${n.name}';`);
  appendLine(tree, joinPathFragments(PATHS.schemaDir, 'index.ts'), `export * from './${n.name}';`);
  const tags = read(tree, PATHS.tagTypes);
  if (!tags.includes(`'${n.entityCls}'`)) addToArray(tree, PATHS.tagTypes, /export const TAG_TYPES = \[/, `'${n.entityCls}'`);

  // The portal shows the descriptors; the api registers the plugin.
  insertImport(tree, PATHS.portalScreens, /^import [^\n]*-feature';$/gm, `import { ${n.prop}Screens } from '@loan/${n.name}-feature';`);
  addToArray(tree, PATHS.portalScreens, /export const FEATURE_SCREENS: readonly ScreenDescriptor\[\] = \[/, `...${n.prop}Screens`);
  insertImport(tree, PATHS.apiModules, /^import [^\n]*-server';$/gm, `import { ${n.prop}Server } from '@loan/${n.name}-server';`);
  addToArray(tree, PATHS.apiModules, /export const modules: readonly FastifyPluginAsync\[\] = \[/, `${n.prop}Server`);

  // Lint: the new scope may use itself and shared (eslint.config.mjs scopeRules).
  addToArray(tree, PATHS.eslint, /const domains = \[/, `'${n.name}'`);

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
  const catalog = read(tree, PATHS.catalog);
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
  for (const f of tree.children(PATHS.schemaDir)) {
    const text = tree.read(joinPathFragments(PATHS.schemaDir, f), 'utf-8') ?? '';
    if (new RegExp(`export const ${n.prop}\\b`).test(text) || new RegExp(`pgTable\\('${n.table}'`).test(text)) {
      throw new Error(`The table ${n.table} (or the name ${n.prop}) is defined already in ${PATHS.schemaDir}/${f}.`);
    }
  }

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
        `     toDto in libs/${n.name}/server/src/lib/${n.name}/service.ts and the rows its spec inserts, the fixtures in`,
        `     libs/${n.name}/data-access/src/testing/index.ts, libs/${n.name}/feature/src/lib/${n.name}-columns.tsx` +
          (n.details ? ` and ${n.entityFile}-details-page.tsx` : ''),
        `  2. search and filters: libs/${n.name}/server/src/lib/${n.name}/repository.ts`,
        `  3. the ready screens and menu items the portal's tests pin: apps/portal/src/app/{screens,menu}.spec.ts, app.spec.tsx`,
        `  4. NX_DAEMON=false npx nx run-many -t lint typecheck test -p ${n.name}-feature ${n.name}-data-access ${n.name}-server shared-screens portal api`,
      ].join('\n'),
    );
  };
}

export default domainGenerator;
