/**
 * The stock race (`npm run bench -- --only race`; docs/decisions/0216-stock-modes-and-holds.md):
 * 50 signed-in shoppers at once for the 10 pieces of one product. Each adds the piece to the cart,
 * then all press "Place order" together and pay what they got. Expected: 10 paid, none sold twice,
 * 40 told "sold out" before paying (or, for a payment after a hold lapsed, refunded automatically).
 * Figures only (docs/performance.md "Stock race"); create-order's p99 is compared with the rush's.
 */
import { eq } from "drizzle-orm";
import { schema } from "~/server/db/client";
import { startAuthEmulator } from "~/server/cli/emulator";
import { makeShoppers, seedRush } from "./rush-shoppers";
import { rushRequests } from "./rush-journey";
import { scratchDb, startShop, type Engine, type RunningShop } from "./shop";
import { pool, Timer } from "./rush-tools";
import type { RushStep } from "./rush";

export interface RaceFigures {
  shoppers: number;
  pieces: number;
  ordersHeld: number;
  toldSoldOut: number;
  otherErrors: number;
  paid: number;
  soldTwice: number;
  refunded: number;
  onHandAfter: number;
  steps: RushStep[];
}

export async function benchRace(
  engine: Engine,
  options: { shoppers: number; pieces: number; port: number },
): Promise<RaceFigures> {
  const { port } = options;
  const emulator = await startAuthEmulator({ port: port + 3, quiet: true });
  const db = await scratchDb(engine);
  let shop: RunningShop | undefined;
  try {
    const shoppers = await makeShoppers(emulator.host, options.shoppers, `race-${engine}`);
    const handle = await db.open();
    const [pieceId] = await seedRush(handle.db, shoppers);
    await handle.db
      .insert(schema.productStock)
      .values({ productId: pieceId!, mode: "in_stock", lowStockAt: 2 });
    await handle.db
      .insert(schema.stockLevels)
      .values({ productId: pieceId!, onHand: options.pieces });
    await handle.close();
    shop = await startShop(db, port, {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      PAYMENT_PROVIDER: "local",
      ORDER_LIMIT_PER_ADDRESS: "1000000",
      ORDER_LIMIT_PER_HOUR: "1000000",
    });
    const { addLine, createOrder } = rushRequests(shop.base, engine);
    const cart = new Timer();
    const create = new Timer();
    const pay = new Timer();
    let i = 0;
    await pool(
      options.shoppers,
      () => shoppers[i++],
      async (s) => {
        await cart.run(addLine(s, pieceId!));
      },
    );
    const made: { order_id: string; payment_session_id: string }[] = [];
    const refusals: string[] = [];
    await Promise.all(
      shoppers.map(async (s) => {
        const start = performance.now();
        const answer = await createOrder(s)();
        create.times.push(performance.now() - start);
        if (answer.ok && answer.value) made.push(answer.value);
        else refusals.push(answer.why ?? "");
      }),
    );
    const base = shop.base;
    await Promise.all(
      made.map((o) =>
        pay.run(async () => {
          const r = await fetch(
            `${base}/pay/local/${encodeURIComponent(o.payment_session_id)}/outcome`,
            {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
              body: "outcome=pay",
              redirect: "manual",
            },
          );
          await r.arrayBuffer();
          return { ok: r.status === 303, value: true, why: String(r.status) };
        }),
      ),
    );
    await shop.stop();
    shop = undefined;
    const check = await db.open();
    try {
      const holds = await check.db
        .select()
        .from(schema.stockHolds)
        .where(eq(schema.stockHolds.productId, pieceId!));
      const [level] = await check.db
        .select()
        .from(schema.stockLevels)
        .where(eq(schema.stockLevels.productId, pieceId!));
      const refunds = await check.db.select().from(schema.refunds);
      const sold = holds.filter((h) => h.state === "sold").reduce((n, h) => n + h.quantity, 0);
      return {
        shoppers: shoppers.length,
        pieces: options.pieces,
        ordersHeld: made.length,
        toldSoldOut: refusals.filter((r) => r.startsWith("400") && r.includes("sold out")).length,
        otherErrors: refusals.filter((r) => !(r.startsWith("400") && r.includes("sold out")))
          .length,
        paid: sold,
        soldTwice: Math.max(0, sold - options.pieces),
        refunded: refunds.length,
        onHandAfter: level?.onHand ?? -1,
        steps: [
          cart.step("race: cart add", null),
          create.step("race: POST /create-order (50 at once)", null),
          pay.step("race: pay (local page, webhook)", null),
        ],
      };
    } finally {
      await check.close();
    }
  } finally {
    await shop?.stop();
    await db.drop();
    await emulator.stop();
  }
}

/** The race's figures as a Markdown table. */
export function raceTable(f: RaceFigures): string {
  const rows = [
    ["shoppers / pieces", `${f.shoppers} / ${f.pieces}`],
    ["orders holding a piece", String(f.ordersHeld)],
    ['told "sold out" before paying', String(f.toldSoldOut)],
    ["other errors", String(f.otherErrors)],
    ["pieces sold (paid)", String(f.paid)],
    ["sold twice", String(f.soldTwice)],
    ["refunded automatically", String(f.refunded)],
    ["on the shelf afterwards", String(f.onHandAfter)],
    ...f.steps.map((s) => [
      s.name,
      `p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms (${s.answers} answers, ${s.errors} errors)`,
    ]),
  ];
  return ["| Figure | Value |", "| --- | --- |", ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join(
    "\n",
  );
}
