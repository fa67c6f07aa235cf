/**
 * The product page with 500 published reviews (docs/decisions/0100-reviews.md). Prints figures,
 * asserts nothing:
 *  - seeds the demo catalogue into a scratch PGlite folder (or a new PostgreSQL database with
 *    BENCH_ENGINE=postgres and BENCH_DATABASE_URL), then 500 delivered orders and 500 published
 *    reviews of one product (photos on every tenth, replies on every fifth);
 *  - starts the built shop (dist/, built first when stale) on 127.0.0.1:31300;
 *  - loads, with 10 connections for BENCH_SECONDS (5) each: a product without reviews (the page as
 *    it was) and the product with 500 (first page; "most helpful"), both as the kept pages anonymous
 *    visitors get (decision 0040), then both rendered afresh on every request (a new address each
 *    time: what a signed-in visitor or the first visitor after a change costs);
 *  - prints requests/s, p50/p99, bytes per answer and the server's CPU per answer.
 *
 *   npx tsx bench/product-reviews.ts
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { schema, type Db } from "~/server/db/client";
import { seedDemoCatalogue } from "~/server/seed/seed.server";
import { refreshReviewFigures } from "~/features/reviews/review-figures.server";
import { ensureBuild, scratchDb, startShop, type Engine, type RunningShop } from "./shop";

const REVIEWS = 500;
const PORT = 31300;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

export async function seedReviews(db: Db): Promise<{ reviewed: string; plain: string }> {
  await seedDemoCatalogue(db);
  const active = await db
    .select({ id: schema.products.id })
    .from(schema.products)
    .where(sql`${schema.products.status} = 'active'`)
    .orderBy(schema.products.id)
    .limit(2);
  const [reviewed, plain] = [active[0]!.id, active[1]!.id];
  const name = { firstName: "Bench", lastName: "Buyer", phone: "9876543210", email: "" };
  const address = {
    id: "a",
    type: "Home",
    address1: "1 Bench Road",
    address2: "",
    city: "Pune",
    state: "Maharashtra",
    zipCode: "411001",
    country: "India",
  };
  const base = Date.now() - REVIEWS * 3_600_000;
  for (let start = 0; start < REVIEWS; start += 100) {
    const batch = Array.from({ length: Math.min(100, REVIEWS - start) }, (_, i) => start + i);
    await db.transaction(async (tx) => {
      await tx
        .insert(schema.users)
        .values(
          batch.map((n) => ({ id: `bench-buyer-${n}`, email: `bench-buyer-${n}@example.com` })),
        );
      await tx.insert(schema.orders).values(
        batch.map((n) => ({
          id: `bench-order-${n}`,
          userId: `bench-buyer-${n}`,
          status: "delivered",
          subtotalPaise: 49900,
          totalPaise: 49900,
          shippingName: { ...name, firstName: `Buyer${n}`, email: `bench-buyer-${n}@example.com` },
          billingName: name,
          shippingAddress: address,
          billingAddress: address,
          timeline: { delivered: new Date(base + n * 3_600_000).toISOString() },
        })),
      );
      await tx.insert(schema.orderItems).values(
        batch.map((n) => ({
          id: `bench-line-${n}`,
          orderId: `bench-order-${n}`,
          productId: reviewed,
          productName: "Bench product",
          quantity: 1,
          pricePaise: 49900,
        })),
      );
      await tx.insert(schema.reviews).values(
        batch.map((n) => ({
          id: `bench-review-${String(n).padStart(4, "0")}`,
          productId: reviewed,
          userId: `bench-buyer-${n}`,
          orderId: `bench-order-${n}`,
          rating: 1 + ((n * 7) % 5),
          title: `Review number ${n}: lovely work`,
          body: "The colours are deep and the finish is glassy. It arrived well packed and on time. ".repeat(
            1 + (n % 4),
          ),
          photos: n % 10 === 0 ? ["/images/fallback-product.svg"] : [],
          authorName: `Buyer${n}`,
          authorCityInitial: "P",
          status: "published" as const,
          reply: n % 5 === 0 ? "Thank you for your kind words!" : "",
          helpfulCount: (n * 13) % 40,
          createdAt: new Date(base + n * 3_600_000),
          publishedAt: new Date(base + n * 3_600_000),
        })),
      );
    });
  }
  await db.transaction((tx) => refreshReviewFigures(tx, reviewed));
  return { reviewed, plain };
}

interface Row {
  name: string;
  perSec: number;
  p50: number;
  p99: number;
  bytes: number;
  cpuUs: number;
  errors: number;
}

/** `pathOf(i)` is the i-th request's address: one address (kept after its first render) or a new one each time (rendered every time). */
async function measure(
  shop: RunningShop,
  name: string,
  pathOf: (i: number) => string,
): Promise<Row> {
  for (let i = 0; i < 5; i++) await fetch(shop.base + pathOf(-1 - i)).then((r) => r.arrayBuffer());
  const samples: number[] = [];
  let bytes = 0;
  let errors = 0;
  let next = 0;
  const cpuBefore = shop.cpuSeconds();
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const path = pathOf(next++);
        const t0 = performance.now();
        const response = await fetch(shop.base + path, {
          headers: { "accept-encoding": "br, gzip, deflate" },
        });
        const body = await response.arrayBuffer();
        samples.push(performance.now() - t0);
        bytes += body.byteLength;
        if (!response.ok) errors++;
      }
    }),
  );
  const cpu = shop.cpuSeconds() - cpuBefore;
  samples.sort((a, b) => a - b);
  const q = (f: number) => samples[Math.min(samples.length - 1, Math.floor(f * samples.length))]!;
  return {
    name,
    perSec: Math.round(samples.length / SECONDS),
    p50: Math.round(q(0.5) * 10) / 10,
    p99: Math.round(q(0.99) * 10) / 10,
    bytes: Math.round(bytes / samples.length),
    cpuUs: Math.round((cpu * 1e6) / samples.length),
    errors,
  };
}

async function main(): Promise<void> {
  const engine = (process.env.BENCH_ENGINE ?? "pglite") as Engine;
  ensureBuild();
  const db = await scratchDb(engine);
  try {
    const handle = await db.open();
    const t0 = performance.now();
    const { reviewed, plain } = await seedReviews(handle.db);
    console.log(`Seeded ${REVIEWS} reviews in ${Math.round(performance.now() - t0)} ms`);
    await handle.close();
    const shop = await startShop(db, PORT);
    try {
      const page = (id: string, query = "") =>
        `/products/product/${encodeURIComponent(id)}${query}`;
      const rows = [
        await measure(shop, "product without reviews (kept page)", () => page(plain)),
        await measure(shop, `product with ${REVIEWS} reviews, page 1 (kept page)`, () =>
          page(reviewed),
        ),
        await measure(shop, "most helpful first (kept page)", () =>
          page(reviewed, "?reviews=helpful"),
        ),
        await measure(shop, "product without reviews, rendered every time", (i) =>
          page(plain, `?fresh=${i}`),
        ),
        await measure(
          shop,
          `product with ${REVIEWS} reviews, its 50 pages, rendered every time`,
          (i) => page(reviewed, `?rpage=${(Math.abs(i) % 50) + 1}&fresh=${i}`),
        ),
      ];
      console.log(
        `\n${engine}, ${CONNECTIONS} connections, ${SECONDS} s per route (own fetch loop)\n`,
      );
      console.log("| Route | Requests/s | p50 | p99 | Errors | Bytes/answer | Server CPU/answer |");
      console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
      for (const r of rows)
        console.log(
          `| ${r.name} | ${r.perSec} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${r.bytes} | ${r.cpuUs} µs |`,
        );
    } finally {
      await shop.stop();
    }
  } finally {
    await db.drop();
  }
}

if (process.argv[1]?.endsWith("product-reviews.ts")) await main();
