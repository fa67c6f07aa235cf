/**
 * What the payment webhook costs in SQL statements (docs/decisions/0275-payment-webhook-one-read-
 * one-write.md), BEGIN/COMMIT left out: a first SUCCESS that pays an order holding a stocked piece,
 * the same delivery sent again (a replay: one read, nothing written), and the same payment
 * announced under another delivery id (one read, the locked read, the delivery stored). A change
 * that adds a statement to any of them fails here: update the counts and the decision together.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { receiveWebhook } from "~/features/checkout/payment-webhook.server";
import { localShopKit, orderBody, postCreateOrder } from "./helpers/checkout";
import { countStatements } from "./helpers/count-statements";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const { localProvider } = await import("~/features/checkout/local-pay.server");

/** Statements naming a table after FROM / INTO / UPDATE (reads and writes of it). */
const touching = (statements: string[], table: string) =>
  statements.filter((s) => new RegExp(`(from|into|update|join) "${table}"`).test(s));

describe.each(dbKinds)("the payment webhook's statements on %s", (kind) => {
  const k = localShopKit(kind);

  it("a first payment, a replay and a repeat: the counts of decision 0275", async () => {
    await k.t.db
      .insert(schema.productStock)
      .values({ productId: k.shop.frameId, mode: "in_stock", lowStockAt: 1 });
    await k.t.db
      .insert(schema.stockLevels)
      .values({ productId: k.shop.frameId, combo: "", onHand: 50 });
    const { uid, token } = await k.newShopper("hookcount");
    const created = await postCreateOrder(token, orderBody({ idempotency_key: `key-${uid}` }));
    expect(created.status).toBe(200);
    const id = created.json.order_id as string;
    const provider = localProvider();
    const [row] = await k.t.db.select().from(schema.orders).where(eq(schema.orders.id, id));
    const attempt = (await provider.takeAttempt(id, row!.totalPaise, "pay"))!;
    const send = (headers: Record<string, string>) =>
      countStatements(k.t, () => receiveWebhook(provider, attempt.body, new Headers(headers)));

    const first = await send(attempt.headers);
    expect(first.result.body).toMatchObject({ effect: "paid" });
    const [paid] = await k.t.db.select().from(schema.orders).where(eq(schema.orders.id, id));
    expect(paid).toMatchObject({ status: "processing", paymentStatus: "Paid" });
    expect(first.statements).toHaveLength(41);
    // The replay check, then the order with its payment in one locked read.
    expect(first.statements[0]).toMatch(/^select "id" from "webhook_events"/);
    expect(first.statements[1]).toMatch(/left join "payments" .* for update of "orders"$/);
    expect(touching(first.statements, "webhook_events")).toHaveLength(2);

    const replay = await send(attempt.headers);
    expect(replay.result.body).toMatchObject({ effect: "replay" });
    expect(replay.statements).toHaveLength(1);

    const repeat = await send({ ...attempt.headers, "x-idempotency-key": "another-delivery" });
    expect(repeat.result.body).toMatchObject({ effect: "already-recorded" });
    expect(repeat.statements).toHaveLength(3);
    expect(repeat.statements[2]).toMatch(/^insert into "webhook_events"/);
  });
});
