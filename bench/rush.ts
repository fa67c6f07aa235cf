/**
 * The write paths under a rush (`npm run bench -- --only rush`), on each engine: the order rush as
 * fast as the shop takes it (500 shoppers, 50 at a time, each adding two lines, checking out and
 * paying through the local provider's page), the order rush at its own pace (500 other shoppers
 * arriving at random over 60 s, at most 50 at once: bench/rush-paced.ts; the p99 targets are
 * measured there, docs/decisions/0157-latency-at-the-rush-pace.md), then 50 busy connections for N
 * seconds on each of: the payment webhook (the rush's real signed webhooks sent again: every one
 * must be a no-op), cart adds and POST /create-order. Counts afterwards in the database: orders
 * lost, orders paid twice. Figures only (docs/performance.md "Checkout under a rush").
 *
 * In both rushes every fourth shopper also adds a piece counted in stock (PIECES of it for each
 * rush, docs/decisions/0216): once they are held, that shopper is told "sold out" (counted apart
 * from errors) and checks out without it; create-order of a cart holding a piece has its own row.
 * `busyCore`: another process keeps one core busy from the first shopper to the last row
 * (bench/busy-core.ts), so the p99 targets can be read with one core taken.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { schema } from "~/server/db/client";
import { startAuthEmulator } from "~/server/cli/emulator";
import { makeShoppers, seedRush, type Shopper } from "./rush-shoppers";
import { scratchDb, startShop, type Engine, type RunningShop } from "./shop";
import { rushRequests } from "./rush-journey";
import { pacedRush, type PacedFigures } from "./rush-paced";
import { pool, Timer, webhookTap } from "./rush-tools";
import { busyCore, type BusyCore } from "./busy-core";

/** Pieces of each rush's stocked product; every fourth shopper tries for one. */
export const PIECES = 25;
const wantsPiece = (i: number) => i % 4 === 3;

export interface RushStep {
  name: string;
  answers: number;
  errors: number;
  /** Answers that said a stocked piece is sold out (not errors). */
  soldOut: number;
  p50Ms: number;
  p99Ms: number;
  /** Server CPU (user + system) per answer, µs; null where steps share one window. */
  cpuUsPerAnswer: number | null;
  /** Answers per second in a step's own window of busy connections; null otherwise. */
  perSecond: number | null;
  targetP99Ms?: number;
}

export interface RushFigures {
  shoppers: number;
  connections: number;
  seconds: number;
  rushSeconds: number;
  shoppersDone: number;
  rushCpuUsPerShopper: number;
  /** Another process kept one core busy through the rush. */
  busyCore: boolean;
  pieces: number;
  paced: PacedFigures & { cpuUsPerShopper: number };
  steps: RushStep[];
  ordersAnswered: number;
  ordersLost: number;
  paymentsMade: number;
  paymentsLost: number;
  paidTwice: number;
  webhookPaidRows: number;
}

export async function benchRush(
  engine: Engine,
  options: {
    shoppers: number;
    connections: number;
    seconds: number;
    paceSeconds: number;
    port: number;
    busyCore?: boolean;
  },
): Promise<RushFigures> {
  const { connections, seconds, port } = options;
  const emulator = await startAuthEmulator({ port: port + 3, quiet: true });
  const db = await scratchDb(engine);
  let shop: RunningShop | undefined;
  let tap: ReturnType<typeof webhookTap> | undefined;
  let busy: BusyCore | undefined;
  try {
    console.log(`\n${engine}: ${options.shoppers} shoppers' accounts in the Auth Emulator...`);
    // Half for the rush as fast as it goes, half for the rush at its pace (fresh tokens and carts).
    const shoppers = await makeShoppers(emulator.host, options.shoppers * 2, engine);
    const handle = await db.open();
    const [frameId, tagId, fastPiece, pacedPiece] = await seedRush(handle.db, shoppers, PIECES);
    await handle.close();
    shop = await startShop(db, port, {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      PAYMENT_PROVIDER: "local",
      LOCAL_WEBHOOK_URL: `http://127.0.0.1:${port + 1}/local/webhook`,
      // Every shopper here comes from 127.0.0.1; a real rush comes from many addresses.
      ORDER_LIMIT_PER_ADDRESS: "1000000",
      ORDER_LIMIT_PER_HOUR: "1000000",
      // The same for every route's limiter (the cart's counts per address too).
      RATE_LIMIT_SCALE: "1000",
    });
    const base = shop.base;
    tap = webhookTap(port + 1, base);
    const { addLine, createOrder, journey } = rushRequests(base, engine);
    const goods = [frameId!, tagId!];
    const fast = shoppers.slice(0, options.shoppers);
    const later = shoppers.slice(options.shoppers);
    const pieceOf = new Map<Shopper, string>();
    for (const [n, s] of fast.entries()) if (wantsPiece(n)) pieceOf.set(s, fastPiece!);
    for (const [n, s] of later.entries()) if (wantsPiece(n)) pieceOf.set(s, pacedPiece!);
    if (options.busyCore) busy = busyCore();
    const timers = () => ({
      page: new Timer(),
      cart: new Timer(),
      create: new Timer(),
      createStock: new Timer(),
      pay: new Timer(),
    });

    // 1. The order rush, as fast as the shop takes it: `connections` shoppers at a time.
    const rush = timers();
    const answered: string[] = [];
    const paid: string[] = [];
    let i = 0;
    const cpu0 = shop.cpuSeconds();
    const t0 = performance.now();
    await pool(
      connections,
      () => fast[i++],
      (s) => journey(s, goods, rush, answered, paid, pieceOf.get(s)),
    );
    const rushSeconds = (performance.now() - t0) / 1000;
    const rushCpu = shop.cpuSeconds() - cpu0;
    for (const t of Object.values(rush))
      if (t.firstError) console.log(`  first error: ${t.firstError}`);
    const fastPaid = paid.length;
    console.log(`  rush: ${answered.length} orders in ${rushSeconds.toFixed(1)} s`);

    // 2. The order rush at its own pace: other shoppers arriving over `paceSeconds`.
    const paced = timers();
    const pacedCpu0 = shop.cpuSeconds();
    const pace = await pacedRush(later, { seconds: options.paceSeconds, connections }, (s) =>
      journey(s, goods, paced, answered, paid, pieceOf.get(s)),
    );
    const pacedCpu = shop.cpuSeconds() - pacedCpu0;
    for (const t of Object.values(paced))
      if (t.firstError) console.log(`  first error: ${t.firstError}`);
    console.log(`  paced rush: ${later.length} shoppers over ${options.paceSeconds} s`);

    // 3-5. 50 connections for `seconds` each.
    const window = async (
      timer: Timer,
      job: (n: number) => () => Promise<{ ok: boolean; why?: string }>,
    ) => {
      const end = performance.now() + seconds * 1000;
      let n = 0;
      const before = shop!.cpuSeconds();
      await pool(
        connections,
        () => (performance.now() < end ? n++ : undefined),
        (k) => timer.run(job(k)).then(() => {}),
      );
      if (timer.firstError) console.log(`  first error: ${timer.firstError}`);
      return (shop!.cpuSeconds() - before) * 1e6;
    };
    const hooks = tap.seen.slice();
    const webhook = new Timer();
    const webhookCpu = await window(webhook, (k) => async () => {
      const h = hooks[k % hooks.length]!;
      const r = await fetch(`${base}/local/webhook`, {
        method: "POST",
        headers: h.headers,
        body: h.body,
      });
      await r.arrayBuffer();
      return { ok: r.ok, why: String(r.status) };
    });
    const adds = new Timer();
    const addsCpu = await window(adds, (k) =>
      addLine(shoppers[k % shoppers.length]!, k % 2 ? frameId! : tagId!),
    );
    const orders = new Timer();
    const ordersCpu = await window(orders, (k) => createOrder(shoppers[k % shoppers.length]!));
    busy?.stop();
    busy = undefined;

    await shop.stop();
    shop = undefined;
    // 6. What the database says.
    const check = await db.open();
    try {
      const found = await check.db
        .select({ id: schema.orders.id })
        .from(schema.orders)
        .where(inArray(schema.orders.id, answered));
      const paidRows = await check.db
        .select({ orderId: schema.payments.orderId, n: sql<number>`count(*)::int` })
        .from(schema.payments)
        .where(
          and(
            inArray(schema.payments.orderId, answered),
            inArray(schema.payments.outcome, ["paid", "late-paid"]),
          ),
        )
        .groupBy(schema.payments.orderId);
      const paidOrders = await check.db
        .select({ id: schema.orders.id })
        .from(schema.orders)
        .where(and(inArray(schema.orders.id, paid), eq(schema.orders.status, "processing")));
      return {
        shoppers: fast.length,
        connections,
        seconds,
        rushSeconds: Math.round(rushSeconds * 10) / 10,
        shoppersDone: fastPaid,
        rushCpuUsPerShopper: Math.round((rushCpu * 1e6) / Math.max(1, fast.length)),
        busyCore: Boolean(options.busyCore),
        pieces: PIECES,
        paced: {
          ...pace,
          cpuUsPerShopper: Math.round((pacedCpu * 1e6) / Math.max(1, later.length)),
        },
        steps: [
          rush.page.step("rush: the product's page", null),
          rush.cart.step("rush: cart add", null),
          rush.create.step("rush: POST /create-order", null),
          rush.createStock.step("rush: POST /create-order, a stocked piece in the cart", null),
          rush.pay.step("rush: pay (local page, webhook)", null),
          paced.page.step("rush at its pace: the product's page", null),
          paced.cart.step("rush at its pace: cart add", null, 50),
          paced.create.step("rush at its pace: POST /create-order", null, 150),
          paced.createStock.step(
            "rush at its pace: POST /create-order, a stocked piece in the cart",
            null,
            150,
          ),
          paced.pay.step("rush at its pace: pay (local page, webhook)", null),
          webhook.step("payment webhook, sent again", webhookCpu, undefined, seconds),
          adds.step("cart add", addsCpu, undefined, seconds),
          orders.step("POST /create-order", ordersCpu, undefined, seconds),
        ],
        ordersAnswered: answered.length,
        ordersLost: answered.length - found.length,
        paymentsMade: paid.length,
        paymentsLost: paid.length - paidOrders.length,
        paidTwice: paidRows.filter((r) => r.n > 1).length,
        webhookPaidRows: paidRows.reduce((sum, r) => sum + r.n, 0),
      };
    } finally {
      await check.close();
    }
  } finally {
    busy?.stop();
    await shop?.stop();
    tap?.server.close();
    await emulator.stop();
    await db.drop();
  }
}
