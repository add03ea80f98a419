import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The README's "Connecting the outside world" lists every environment variable the api reads
 * (issue 32): this fails when the api's code reads one the README does not list, or the README
 * lists one nothing reads. "The api's code": apps/api and every server or core lib (tags
 * type:server, type:core), without tests and test harnesses. A variable is read as
 * `process.env.NAME`, `process.env['NAME']` or `env['NAME']` (config.ts's parameter): read
 * each by its literal name so this finds it.
 */
const root = path.join(__dirname, '../../..');
const SECTION = '## Connecting the outside world';
const READ = /(?:process\.env|\benv)(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g;

function apiSourceRoots(): string[] {
  const roots = [path.join(root, 'apps/api/src')];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (!e.isDirectory() || e.name === 'node_modules') continue;
      const p = path.join(dir, e.name);
      const project = path.join(p, 'project.json');
      if (existsSync(project)) {
        const tags: string[] = JSON.parse(readFileSync(project, 'utf8')).tags ?? [];
        if (tags.includes('type:server') || tags.includes('type:core')) roots.push(path.join(p, 'src'));
      } else walk(p);
    }
  };
  walk(path.join(root, 'libs'));
  return roots;
}

/** Variable -> the files that read it. */
function readByCode(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!['testing', 'test', 'node_modules'].includes(e.name)) walk(p);
      } else if (/\.(ts|mts|cts|js|mjs)$/.test(e.name) && !/\.(spec|test)\.|\.d\.ts$|\.stories\./.test(e.name)) {
        for (const m of readFileSync(p, 'utf8').matchAll(READ)) {
          const name = m[1] ?? m[2];
          found.set(name, [...(found.get(name) ?? []), path.relative(root, p)]);
        }
      }
    }
  };
  for (const r of apiSourceRoots()) if (existsSync(r)) walk(r);
  return found;
}

/** The variables of the section's tables: the first cell of each row, `NAME` in backticks. */
function listedInReadme(): string[] {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n${SECTION}\n`);
  expect(start).toBeGreaterThan(-1);
  const rest = readme.slice(start + SECTION.length + 2);
  const end = rest.search(/^## /m);
  const section = end === -1 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((m) => m[1]);
}

describe('README "Connecting the outside world"', () => {
  it('lists every environment variable the api reads, and only those, once each', () => {
    const code = readByCode();
    const listed = listedInReadme();
    // Sanity: the scan sees config.ts and main.ts.
    expect(code.get('DATABASE_URL')).toEqual(expect.arrayContaining(['libs/shared/server/src/config.ts']));
    expect(code.get('LOG_LEVEL')).toEqual(expect.arrayContaining(['apps/api/src/main.ts']));
    const duplicates = listed.filter((v, i) => listed.indexOf(v) !== i);
    expect(duplicates).toEqual([]);
    const missing = [...code.keys()].filter((v) => !listed.includes(v)).map((v) => `${v} (read in ${code.get(v)?.join(', ')})`);
    expect(missing).toEqual([]);
    const unread = listed.filter((v) => !code.has(v));
    expect(unread).toEqual([]);
  });
});
