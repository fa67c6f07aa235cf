/**
 * `npm run bench`: prints figures, asserts nothing. Seeds an in-memory PGlite with the demo catalogue
 * and times the catalogue queries behind the busiest pages, then reports the JavaScript each kind of
 * page ships when a build exists (dist/client).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDb } from "../src/server/db/client";
import { seedDemoCatalogue } from "../src/server/seed/seed.server";
import { getProduct, listCategories, listHomeProducts, listProducts } from "../src/features/catalogue/catalogue.server";

function summarise(name: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(`${name.padEnd(34)} n=${String(samples.length).padStart(4)}  p50=${at(0.5).toFixed(2)} ms  p95=${at(0.95).toFixed(2)} ms  max=${at(1).toFixed(2)} ms`);
}

async function time(name: string, runs: number, fn: () => Promise<unknown>): Promise<void> {
  await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  summarise(name, samples);
}

const handle = await openDb({ dataDir: "memory://" });
const { db } = handle;
await seedDemoCatalogue(db);
const [first] = await listProducts(db, { limit: 1, offset: 0, status: "active", includeCost: false });

console.log("Catalogue queries on PGlite (in memory, demo seed):");
await time("GET /v2/products (all active)", 100, () => listProducts(db, { limit: 0, offset: 0, status: "active", includeCost: false }));
await time("first page of 12", 200, () => listProducts(db, { limit: 12, offset: 0, status: "active", includeCost: false }));
await time("search q=frame", 200, () => listProducts(db, { limit: 12, offset: 0, status: "active", q: "frame", includeCost: false }));
await time("GET /v2/products/{id}", 300, () => getProduct(db, first!.id, { includeInactive: false, includeCost: false }));
await time("home products + categories", 200, () => Promise.all([listHomeProducts(db), listCategories(db, { shownOnly: true })]));
await handle.close();

const clientDir = path.resolve("dist/client/_astro");
if (existsSync(clientDir)) {
  const files = readdirSync(clientDir).filter((f) => f.endsWith(".js"));
  const total = files.reduce((sum, f) => sum + statSync(path.join(clientDir, f)).size, 0);
  console.log(`\nBuilt client JavaScript: ${files.length} files, ${(total / 1024).toFixed(1)} KiB uncompressed in total`);
} else {
  console.log("\n(no build in dist/: run `npm run build` to include bundle sizes)");
}
