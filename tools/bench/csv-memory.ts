/**
 * Closed-unsigned CSV memory benchmark (issue 17: "the CSV of 1M rows streams with flat
 * memory"), on PostgreSQL (a throw-away database on TEST_DATABASE_URL): puts N closed loans
 * with no signed offer letter in the book, then downloads
 * GET /api/applyForLoan/reports/closed-unsigned?format=csv over real HTTP (not inject, which
 * would buffer the body), reading it as it comes. It prints, per size, the rows and bytes
 * received, the time, the process's RSS before and at its peak while streaming, the peak of
 * the JS heap plus buffers, and the JS heap after a full GC at each tenth of the rows. Flat
 * memory = the heap after GC stays level instead of climbing with the rows (the RSS peak
 * also counts garbage V8 has not collected yet, which grows with the allocation rate).
 *
 *   nice -n 10 npx tsx --tsconfig tsconfig.base.json tools/bench/csv-memory.ts [--rows 1000000]
 *
 * It runs the smaller size (a tenth) first, then the full size, in the same process.
 */
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { API, P } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, loginWithPermissions } from '@loan/shared-server/testing';
import { loansServer } from '@loan/loans-server';

process.env['DB_DRIVER'] = 'pg';
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 1_000_000);
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
// A full GC on demand: what is still held after it is what the stream retains (RSS and the
// heap also carry garbage V8 has not collected yet, which grows with the allocation rate).
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let peak = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peak = Math.max(peak, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers);
}, 10);

async function main() {
  const t = await createTestApp({ modules: [loansServer] });
  try {
    const headers = await loginWithPermissions(t.app, [P.viewReportsModule, P.viewAllBranches]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    let have = 0;
    for (const size of [Math.max(1, Math.round(ROWS / 10)), ROWS]) {
      const start = Date.now();
      await t.db.execute(sql`
        INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, branch_id, amount, interest, tenure_months, total_amount_due, status, created_at, closed_at)
        SELECT 'LC-2026-' || lpad(g::text, 7, '0'), 'Bench Borrower ' || g, lpad((g % 999999)::text, 6, '0') || '/11/1', '+26097' || lpad((g % 9999999)::text, 7, '0'),
               (SELECT min(id) FROM branches), 10000, 2000, 12, 12000, 'closed', now() - interval '400 days', now() - (g % 300) * interval '1 day'
          FROM generate_series(${have + 1}::int, ${size}::int) g`);
      await t.db.execute(sql`ANALYZE loan_applications, report_closed_unsigned`);
      have = size;
      const [n] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM loan_applications WHERE status = 'closed'`);
      console.log(`data: ${n.n.toLocaleString('en-US')} closed unsigned loans (${((Date.now() - start) / 1000).toFixed(1)} s to seed)`);

      gc();
      const before = process.memoryUsage().rss;
      peak = before;
      peakHeap = 0;
      // The JS heap after a full GC as each tenth of the rows arrives: flat memory stays level,
      // a leak (or rows piling up in a buffer) climbs with the rows.
      const heapBefore = process.memoryUsage().heapUsed;
      const curve: number[] = [];
      const t0 = Date.now();
      const res = await fetch(`http://127.0.0.1:${port}${API.applications}/reports/closed-unsigned?format=csv`, { headers: headers as Record<string, string> });
      let bytes = 0;
      let lines = 0;
      if (res.body) {
        for await (const chunk of res.body) {
          bytes += chunk.length;
          for (const b of chunk) if (b === 10) lines += 1;
          if (lines >= ((curve.length + 1) * size) / 10) {
            gc();
            curve.push(process.memoryUsage().heapUsed);
          }
        }
      }
      const ms = Date.now() - t0;
      console.log(
        `closed-unsigned CSV, ${(lines - 1).toLocaleString('en-US')} rows: HTTP ${res.status}, ${(bytes / 1e6).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s; ` +
          `RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)}); peak JS heap + buffers ${mb(peakHeap)}`,
      );
      console.log(`  JS heap after GC: ${mb(heapBefore)} before, at each tenth of the rows ${curve.map(mb).join(', ')} (max +${mb(Math.max(...curve) - heapBefore)})`);
    }
  } finally {
    clearInterval(sampler);
    await t.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
