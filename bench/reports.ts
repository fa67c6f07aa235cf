/**
 * Reports with 100,000 orders (docs/decisions/0090, 0092, 0093). Prints figures, asserts nothing:
 * seeds BENCH_ORDERS (default 100,000) orders of one financial year with their invoices into a
 * scratch database (PGlite in a temporary folder; PostgreSQL too when BENCH_DATABASE_URL is set),
 * then, in this process:
 *  - the GST summary of the year (every invoice and credit note), 5 runs;
 *  - the sales report of the year per month, 3 runs;
 *  - the orders, order lines, invoice register and payments exports of the year, read to the end as a client would,
 *    with the process's rss and heap sampled at every chunk (flat memory: the peak stays near the
 *    start whatever the file's size).
 *
 *   npx tsx bench/reports.ts          (BENCH_ENGINE=pglite|postgres for one engine)
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { csvResponse } from "~/features/reports/csv-stream.server";
import { exportFile } from "~/features/reports/exports.server";
import { gstSummary } from "~/features/reports/gst-summary.server";
import type { ExportName } from "~/features/reports/reports";
import { salesReport } from "~/features/reports/sales.server";
import type { Db } from "~/server/db/client";
import { BENCH_YEAR, REPORT_ORDERS, seedReportOrders } from "./reports-seed";
import { scratchDb, type Engine } from "./shop";

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** CPU time of this process (PGlite runs in it; a PostgreSQL server's is not counted). */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

async function timed<T>(
  runs: number,
  work: () => Promise<T>,
): Promise<{ ms: number[]; cpu: number[]; last: T }> {
  const ms: number[] = [];
  const cpu: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const used = process.cpuUsage();
    last = await work();
    ms.push(performance.now() - start);
    cpu.push(cpuMs(used));
  }
  return { ms, cpu, last: last as T };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const line = (name: string, run: { ms: number[]; cpu: number[] }) =>
  console.log(
    `  ${name.padEnd(40)} runs=${run.ms.length}  best=${Math.min(...run.ms).toFixed(0)} ms  median=${median(run.ms).toFixed(0)} ms  (cpu here ${median(run.cpu).toFixed(0)} ms)`,
  );

async function exportFigures(db: Db, name: ExportName): Promise<void> {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let bytes = 0;
  let chunks = 0;
  const start = performance.now();
  const used = process.cpuUsage();
  const response = await csvResponse(exportFile(db, name, BENCH_YEAR));
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    chunks += 1;
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }
  const ms = performance.now() - start;
  console.log(
    `  export ${name.padEnd(33)} ${(ms / 1000).toFixed(2)} s (cpu here ${(cpuMs(used) / 1000).toFixed(2)} s)  ${mb(bytes)} in ${chunks} chunks  rss ${mb(before.rss)} -> peak ${mb(peakRss)} (+${mb(peakRss - before.rss)})  heap ${mb(before.heapUsed)} -> peak ${mb(peakHeap)}`,
  );
}

async function benchEngine(engine: Engine): Promise<void> {
  const scratch = await scratchDb(engine);
  const handle = await scratch.open();
  try {
    console.log(
      `\n${engine}: seeding ${REPORT_ORDERS.toLocaleString("en-IN")} orders with invoices...`,
    );
    const seedStart = performance.now();
    await seedReportOrders(handle.db);
    console.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
    const gst = await timed(5, () => gstSummary(handle.db, BENCH_YEAR));
    line(`GST summary (${gst.last.invoices.documents} invoices)`, gst);
    const sales = await timed(3, () => salesReport(handle.db, BENCH_YEAR, "month"));
    line(`sales per month (${sales.last.totals.orders} paid orders)`, sales);
    for (const name of ["orders", "order-lines", "invoices", "payments"] as const)
      await exportFigures(handle.db, name);
  } finally {
    await handle.close();
    await scratch.drop();
  }
}

const only = process.env.BENCH_ENGINE as Engine | undefined;
const engines: Engine[] = only
  ? [only]
  : process.env.BENCH_DATABASE_URL
    ? ["pglite", "postgres"]
    : ["pglite"];
console.log(
  `Reports benchmark: ${engines.join(" and ")}; wall time, this process's CPU time, rss/heap; load ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
);
for (const engine of engines) await benchEngine(engine);
