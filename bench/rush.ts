/**
 * The write paths under a rush (`npm run bench -- --only rush`), on each engine: the order rush
 * (500 shoppers, 50 at a time, each adding two lines, checking out and paying through the local
 * provider's page), then 50 connections for N seconds on each of: the payment webhook (the rush's
 * real signed webhooks sent again: every one must be a no-op), cart adds and POST /create-order.
 * Counts afterwards in the database: orders lost, orders paid twice. Figures only; the targets are
 * printed beside them (docs/performance.md "Checkout under a rush").
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { schema } from "../src/server/db/client";
import { startAuthEmulator } from "../src/server/cli/emulator";
import { makeShoppers, seedRush, type Shopper } from "./rush-shoppers";
import { scratchDb, startShop, type Engine, type RunningShop } from "./shop";
import { pool, Timer, webhookTap } from "./rush-tools";

export interface RushStep {
  name: string;
  answers: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  /** Server CPU (user + system) per answer, µs; null where steps share one window. */
  cpuUsPerAnswer: number | null;
  targetP99Ms?: number;
}

export interface RushFigures {
  shoppers: number;
  connections: number;
  seconds: number;
  rushSeconds: number;
  shoppersDone: number;
  rushCpuUsPerShopper: number;
  steps: RushStep[];
  ordersAnswered: number;
  ordersLost: number;
  paymentsLost: number;
  paidTwice: number;
  webhookPaidRows: number;
}

export async function benchRush(
  engine: Engine,
  options: { shoppers: number; connections: number; seconds: number; port: number },
): Promise<RushFigures> {
  const { connections, seconds, port } = options;
  const emulator = await startAuthEmulator({ port: port + 3, quiet: true });
  const db = await scratchDb(engine);
  let shop: RunningShop | undefined;
  let tap: ReturnType<typeof webhookTap> | undefined;
  try {
    console.log(`\n${engine}: ${options.shoppers} shoppers' accounts in the Auth Emulator...`);
    const shoppers = await makeShoppers(emulator.host, options.shoppers, engine);
    const handle = await db.open();
    const [frameId, tagId] = await seedRush(handle.db, shoppers);
    await handle.close();
    shop = await startShop(db, port, {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      PAYMENT_PROVIDER: "local",
      LOCAL_WEBHOOK_URL: `http://127.0.0.1:${port + 1}/local/webhook`,
      // Every shopper here comes from 127.0.0.1; a real rush comes from many addresses.
      ORDER_LIMIT_PER_ADDRESS: "1000000",
      ORDER_LIMIT_PER_HOUR: "1000000",
    });
    const base = shop.base;
    tap = webhookTap(port + 1, base);
    const auth = (s: Shopper) => ({
      authorization: `Bearer ${s.token}`,
      "content-type": "application/json",
    });
    const addLine = (s: Shopper, productId: string) => async () => {
      const r = await fetch(`${base}/v2/carts`, {
        method: "POST",
        headers: auth(s),
        body: JSON.stringify({ productId, variant: {}, quantity: 1 }),
      });
      const text = await r.text();
      return { ok: r.ok, why: `${r.status} ${text.slice(0, 200)}` };
    };
    let keys = 0;
    const createOrder = (s: Shopper) => async () => {
      const r = await fetch(`${base}/create-order`, {
        method: "POST",
        headers: auth(s),
        body: JSON.stringify({
          customer_name: "Asha Verma",
          customer_email: s.email,
          customer_phone: "9876543210",
          address_id: "addr-1",
          idempotency_key: `rush-${engine}-${++keys}-${Date.now()}`,
        }),
      });
      const text = await r.text();
      if (!r.ok) return { ok: false, why: `${r.status} ${text.slice(0, 200)}` };
      return {
        ok: true,
        value: JSON.parse(text) as { order_id: string; payment_session_id: string },
      };
    };

    // 1. The order rush.
    const cart = new Timer();
    const create = new Timer();
    const pay = new Timer();
    const answered: string[] = [];
    const paid: string[] = [];
    let i = 0;
    const cpu0 = shop.cpuSeconds();
    const t0 = performance.now();
    await pool(
      connections,
      () => shoppers[i++],
      async (s) => {
        await cart.run(addLine(s, frameId!));
        await cart.run(addLine(s, tagId!));
        const order = await create.run(createOrder(s));
        if (!order) return;
        answered.push(order.order_id);
        const done = await pay.run(async () => {
          const r = await fetch(
            `${base}/pay/local/${encodeURIComponent(order.payment_session_id)}/outcome`,
            {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
              body: "outcome=pay",
              redirect: "manual",
            },
          );
          await r.arrayBuffer();
          return { ok: r.status === 303, value: true, why: String(r.status) };
        });
        if (done) paid.push(order.order_id);
      },
    );
    const rushSeconds = (performance.now() - t0) / 1000;
    const rushCpu = shop.cpuSeconds() - cpu0;
    for (const t of [cart, create, pay])
      if (t.firstError) console.log(`  first error: ${t.firstError}`);
    console.log(`  rush: ${answered.length} orders in ${rushSeconds.toFixed(1)} s`);

    // 2-4. 50 connections for `seconds` each.
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

    await shop.stop();
    shop = undefined;
    // 5. What the database says.
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
        shoppers: shoppers.length,
        connections,
        seconds,
        rushSeconds: Math.round(rushSeconds * 10) / 10,
        shoppersDone: paid.length,
        rushCpuUsPerShopper: Math.round((rushCpu * 1e6) / Math.max(1, shoppers.length)),
        steps: [
          cart.step("rush: cart add", null, 50),
          create.step("rush: POST /create-order", null, 150),
          pay.step("rush: pay (local page, webhook)", null),
          webhook.step("payment webhook, sent again", webhookCpu),
          adds.step("cart add", addsCpu, 50),
          orders.step("POST /create-order", ordersCpu, 150),
        ],
        ordersAnswered: answered.length,
        ordersLost: answered.length - found.length,
        paymentsLost: paid.length - paidOrders.length,
        paidTwice: paidRows.filter((r) => r.n > 1).length,
        webhookPaidRows: paidRows.reduce((sum, r) => sum + r.n, 0),
      };
    } finally {
      await check.close();
    }
  } finally {
    await shop?.stop();
    tap?.server.close();
    await emulator.stop();
    await db.drop();
  }
}
