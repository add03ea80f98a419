// Lints virtual files (by path only; nothing is written) with the workspace's ESLint
// config and prints the messages of one rule (the module boundaries unless named) of each as JSON. Run as a child process
// by boundaries.spec.ts because jest cannot load ESLint's ESM flat config.
import { ESLint } from 'eslint';
import { join } from 'node:path';

const root = process.argv[2];
const probes = JSON.parse(process.argv[3]);
const ruleId = process.argv[4] ?? '@nx/enforce-module-boundaries';
const eslint = new ESLint({ cwd: root });
const out = [];
for (const p of probes) {
  const [result] = await eslint.lintText(p.code, { filePath: join(root, p.filePath) });
  out.push(result.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message));
}
process.stdout.write(JSON.stringify(out));
