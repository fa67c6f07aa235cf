/**
 * Two app server processes on one PostgreSQL (decision 0014, Exactly once): for 20 orders, the webhook goes to one
 * process and the verify call to the other at the same moment; every order is paid exactly once.
 * The processes are Node processes serving the real handlers (tests/helpers/payment-worker.ts),
 * not full builds. Ports: PAY_WORKER_PORT_A / PAY_WORKER_PORT_B (default 9620 / 9621).
 * Runs only when TEST_DATABASE_URL names a PostgreSQL server (PGlite is one process per folder).
 */
import type { ChildProcess } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { type FakeCashfreeProvider, useFakeCashfree } from "./helpers/cashfree-provider";
import { makeShop, makeShopper, orderBody, type Shop } from "./helpers/checkout";
import { startWorkers } from "./helpers/worker-processes";
import { createTestDb, type TestDb } from "./helpers/db";
import type { FakeCashfree } from "./helpers/fake-cashfree";

// Sign-in through the real auth module; only firebase-admin's verifyIdToken is stubbed
// ("test:<uid>" names the caller; helpers/test-tokens.ts).
vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const createRoute = await import("~/pages/create-order");
const ports = [
  Number(process.env.PAY_WORKER_PORT_A ?? 9620),
  Number(process.env.PAY_WORKER_PORT_B ?? 9621),
] as const;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "two app server processes on one PostgreSQL (skipped without TEST_DATABASE_URL)",
  () => {
    let t: TestDb;
    let shop: Shop;
    let fake: FakeCashfree;
    let cashfree: FakeCashfreeProvider | undefined;
    const workers: ChildProcess[] = [];

    beforeAll(async () => {
      cashfree = await useFakeCashfree();
      fake = cashfree.fake;
      t = await createTestDb("postgres");
      shop = await makeShop(t.db);
      await startWorkers(t, "tests/helpers/payment-worker.ts", ports, workers, 300);
    }, 120_000);

    afterAll(async () => {
      for (const worker of workers) worker.kill("SIGTERM");
      await t?.close();
      await cashfree?.stop();
    });

    it("webhook to one, verify to the other, 20 times: every order paid exactly once", async () => {
      vi.spyOn(console, "info").mockImplementation(() => {});
      for (let round = 0; round < 20; round++) {
        const { uid, token } = await makeShopper(t.db, shop, `race-${round}`);
        const created = await call(createRoute.POST, "/create-order", {
          method: "POST",
          token,
          body: orderBody(),
        });
        expect(created.status).toBe(200);
        const id = created.json.order_id as string;
        const w = fake.webhook(id, fake.pay(id));
        const [a, b] = round % 2 === 0 ? ports : [ports[1], ports[0]];
        const [hook, verify] = await Promise.all([
          fetch(`http://127.0.0.1:${a}/cashfree/webhook`, {
            method: "POST",
            headers: w.headers,
            body: w.body,
          }),
          fetch(`http://127.0.0.1:${b}/verify?order_id=${id}&uid=${uid}`, { method: "POST" }),
        ]);
        expect(hook.status).toBe(200);
        expect(await verify.text()).toBe("SUCCESS");
        const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, id));
        expect(order).toMatchObject({ status: "processing", paymentStatus: "Paid" });
        const payments = await t.db
          .select()
          .from(schema.payments)
          .where(eq(schema.payments.orderId, id));
        expect(payments).toHaveLength(1);
        const mails = (await t.db.select().from(schema.outbox)).filter((m) => m.body.includes(id));
        expect(mails).toHaveLength(2);
      }
      const all = await t.db.select().from(schema.payments);
      expect(all.filter((p) => p.outcome === "paid")).toHaveLength(20);
    }, 120_000);
  },
);
