#!/usr/bin/env node
// Writes .br and .gz beside every text file of the built web apps (dist/apps/portal,
// dist/apps/public-borrower) over 1 KB, at the best compression: the api sends them as they
// are (@fastify/static preCompressed) instead of compressing each download again.
// Run by `npm run build`; `node tools/build/precompress.mjs [dir...]` for other folders.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['portal', 'public-borrower'].map((a) => join(root, 'dist/apps', a));
const TEXT = /\.(js|mjs|css|html|svg|json|txt|ico|webmanifest)$/;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) walk(p);
    else if (TEXT.test(entry.name) && statSync(p).size > 1024) {
      const data = readFileSync(p);
      const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
      writeFileSync(`${p}.br`, br);
      writeFileSync(`${p}.gz`, gzipSync(data, { level: 9 }));
      files += 1;
      before += data.length;
      after += br.length;
    }
  }
}
for (const d of dirs) {
  if (!existsSync(d)) {
    console.error(`precompress: ${d} does not exist (build the apps first)`);
    process.exit(1);
  }
  walk(d);
}
console.log(`precompress: ${files} files, ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);
