#!/usr/bin/env node
// Type-checks every project as its `typecheck` target does, in a few TypeScript programs
// instead of one per tsconfig. Each target runs `tsc -p <config>` once or several times
// (lib, spec, storybook); each of those ~95 programs parses the libs it imports and the
// same node_modules types again (~25 s of CPU each: 40 minutes of CPU for the workspace).
// Here the configs are read from the project graph (the targets stay the one list), parsed
// with TypeScript's own API, and grouped by their compiler options: the files of every
// config of a group are checked in one program with exactly those options. A file is
// checked under each set of options it was checked under before; what differs is only that
// the files of one group share a program (an ambient declaration of one project is visible
// to the others of its group).
//
//   node tools/typecheck/typecheck.mjs            every project
//   node tools/typecheck/typecheck.mjs --list     the groups, their configs and file counts
//
// Per-project `nx run <project>:typecheck` still works as before, for one project.
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Options that decide only where tsc would write, or that noEmit makes moot. */
const EMIT_ONLY = new Set([
  'configFilePath',
  'outDir',
  'rootDir',
  'declaration',
  'declarationMap',
  'emitDeclarationOnly',
  'sourceMap',
  'tsBuildInfoFile',
  'incremental',
  'composite',
  'noEmit',
]);

/** Every `tsc -p <config>` of every project's typecheck target, as absolute paths. */
async function typecheckConfigs() {
  process.env.NX_DAEMON = 'false';
  const { createProjectGraphAsync } = await import('@nx/devkit');
  const graph = await createProjectGraphAsync({ exitOnError: true });
  /** @type {{ project: string; config: string }[]} */
  const found = [];
  for (const [name, node] of Object.entries(graph.nodes)) {
    const target = node.data.targets?.['typecheck'];
    if (!target) continue;
    const options = target.options ?? {};
    const commands = [options.command, ...(options.commands ?? [])]
      .filter(Boolean)
      .map((c) => (typeof c === 'string' ? c : c.command));
    const cwd = resolve(root, options.cwd ?? '.');
    for (const command of commands) {
      for (const part of command.split('&&')) {
        const m = /\btsc\b.*?-p\s+(\S+)/.exec(part.replaceAll('{projectRoot}', node.data.root));
        if (!m) throw new Error(`${name}: cannot read the typecheck command "${part.trim()}"`);
        found.push({ project: name, config: resolve(cwd, m[1]) });
      }
    }
  }
  return found;
}

/** @param {string} config */
function parse(config) {
  const parsed = ts.getParsedCommandLineOfConfigFile(config, { noEmit: true }, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${config}`);
  if (parsed.errors.length) throw new Error(ts.formatDiagnostics(parsed.errors, formatHost));
  return parsed;
}

const formatHost = {
  getCanonicalFileName: (/** @type {string} */ f) => f,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

/** @param {ts.CompilerOptions} options */
function keyOf(options) {
  const kept = Object.fromEntries(Object.entries(options).filter(([k]) => !EMIT_ONLY.has(k)).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha1').update(JSON.stringify(kept)).digest('hex').slice(0, 10);
}

/** The groups: one program each. */
async function plan() {
  /** @type {Map<string, { options: ts.CompilerOptions; configs: string[]; files: Set<string> }>} */
  const groups = new Map();
  for (const { config } of await typecheckConfigs()) {
    const parsed = parse(config);
    const key = keyOf(parsed.options);
    const group = groups.get(key) ?? { options: parsed.options, configs: [], files: new Set() };
    if (group.configs.includes(config)) continue;
    group.configs.push(config);
    for (const f of parsed.fileNames) group.files.add(f);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** @param {{ options: ts.CompilerOptions; files: string[] }} group */
function check(group) {
  const options = { ...group.options, noEmit: true };
  for (const k of EMIT_ONLY) if (k !== 'noEmit' && k !== 'configFilePath') delete options[k];
  const program = ts.createProgram({ rootNames: group.files, options });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return diagnostics.length ? ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost) : '';
}

// A worker checks the groups it is sent, one at a time.
if (process.argv[2] === '--worker') {
  process.on('message', (/** @type {{ options: ts.CompilerOptions; files: string[]; label: string }} */ group) => {
    const started = Date.now();
    const errors = check(group);
    process.send?.({ label: group.label, errors, secs: Math.round((Date.now() - started) / 1000) });
  });
} else {
  const started = Date.now();
  const groups = await plan();
  const rel = (/** @type {string} */ p) => p.replace(root + '/', '');
  if (process.argv.includes('--list')) {
    for (const g of groups) console.log(`${g.files.size} files: ${g.configs.map(rel).join(', ')}`);
    process.exit(0);
  }
  console.log(`typecheck: ${groups.reduce((n, g) => n + g.configs.length, 0)} configs in ${groups.length} programs`);
  // Largest first, over as many workers as cores (at most 2 here: each program takes ~1 GB).
  const queue = groups
    .map((g) => ({ options: g.options, files: [...g.files], label: `${g.configs.map(rel).join(', ')}` }))
    .sort((a, b) => b.files.length - a.files.length);
  const workers = Math.max(1, Math.min(Number(process.env.TYPECHECK_WORKERS) || cpus().length, 4, queue.length));
  let failed = 0;
  await Promise.all(
    Array.from({ length: workers }, () =>
      new Promise((done, fail) => {
        const child = fork(fileURLToPath(import.meta.url), ['--worker'], { stdio: 'inherit' });
        const next = () => {
          const group = queue.shift();
          if (group) {
            child.send(group);
          } else {
            child.kill();
            done(undefined);
          }
        };
        child.on('message', (/** @type {{ label: string; errors: string; secs: number }} */ r) => {
          if (r.errors) {
            failed += 1;
            console.log(`\n✖ ${r.label}\n${r.errors}`);
          } else {
            console.log(`✔ ${r.secs}s ${r.label}`);
          }
          next();
        });
        child.on('error', fail);
        child.on('exit', (code) => code && code !== 0 && fail(new Error(`a typecheck worker exited with ${code}`)));
        next();
      }),
    ),
  );
  console.log(`typecheck: ${failed ? `${failed} program(s) with errors` : 'no errors'} (${Math.round((Date.now() - started) / 1000)}s)`);
  process.exit(failed ? 1 : 0);
}
