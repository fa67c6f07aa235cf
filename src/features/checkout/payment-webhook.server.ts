/**
 * The payment provider's webhook: a signed event about an order, checked, recorded once, and
 * acted on through the same recordPayment as the verify call (payment-sync.server.ts).
 */
import { eq, sql } from "drizzle-orm";
import { getDb, type Db, type DbOrTx } from "~/server/db/client";
import { orders, webhookEvents } from "~/server/db/schema";
import {
  WebhookRejected,
  type PaymentProvider,
  type ProviderPayment,
  type SignedWebhook,
  type WebhookEvent,
} from "~/server/payments/provider";
import { refundRefusedPayments } from "~/features/refunds/refund-jobs.server";
import { recordRefundReport } from "~/features/refunds/refunds.server";
import { logOrder } from "~/features/orders/order-log.server";
import { recordPayment, type PaymentEffect } from "./payment-record.server";
import { syncWithProvider } from "./payment-sync.server";
import { log } from "~/server/log/logger";

/**
 * POST /{provider}/webhook (docs/decisions/0056): the signature is checked over the raw text before
 * anything parses it; only a bad signature or timestamp is refused (401). Every correctly signed
 * event is answered 200 once handled, acted on or not (settlement, dispute, an order this shop does
 * not have: recorded), so the provider stops retrying. A delivery already stored (its event id) is
 * a replay: 200, nothing changes. The event is stored with what it did (in the same transaction as
 * a payment it records), so a failure before that (a 500) lets the provider's retry handle it
 * again; handling is idempotent. docs/decisions/0275-payment-webhook-one-read-one-write.md.
 */
export async function receiveWebhook(
  provider: PaymentProvider,
  rawBody: string | Uint8Array,
  headers: Headers,
  now = Date.now(),
): Promise<{ status: number; body: object }> {
  let signed: SignedWebhook;
  try {
    signed = provider.verifyWebhook(rawBody, headers, now);
  } catch (error) {
    if (error instanceof WebhookRejected) return { status: 401, body: { error: error.message } };
    throw error;
  }
  const db = await getDb();
  const id = deliveryId(provider, signed);
  // A delivery already stored is answered from its id alone: one read, nothing parsed.
  if (await isStored(db, id)) return REPLAY;
  const event = signed.event();
  const at = new Date(now);
  const orderId = event.orderId ?? "";
  const store = (tx: DbOrTx) => storeEvent(tx, provider.name, id, event, at);
  if (event.kind === "payment" && !orderAmountMissing(event.payment)) {
    // One transaction and one commit: the payment recorded under the order's lock, and this
    // delivery stored. When a refund must follow, the delivery is stored only after asking for
    // it, so a retry of a failed refund request acts again.
    const effect = await recordPayment(db, orderId, event.payment, provider.name, at, "webhook", {
      inTransaction: (tx, done) => (refunding(done) ? Promise.resolve() : store(tx)),
    });
    if (effect === "refused" || effect === "sold-out") {
      await refundRefusedPayments(db, provider, orderId, at, effect);
      await store(db);
    }
    if (effect !== "no-order") return { status: 200, body: { ok: true, effect } };
    unknownOrder(event.type);
    return { status: 200, body: { ok: true, effect: "recorded" } };
  }
  const known = event.orderId !== null && (await orderExists(db, event.orderId));
  if (event.kind === "payment" && known) {
    // The event did not say the order's amount: ask the provider for the order (the authority).
    await syncWithProvider(db, provider, orderId, at, "webhook");
  } else if (event.kind === "refund" && known) {
    await recordRefundReport(db, orderId, event.refund, at, "webhook");
  } else if (known) {
    await logOrder(db, orderId, "webhook", `${event.type} received and recorded.`, null, at);
  } else {
    unknownOrder(event.type);
  }
  await store(db);
  return { status: 200, body: { ok: true, effect: "recorded" } };
}

const REPLAY = { status: 200, body: { ok: true, effect: "replay" } } as const;

const deliveryId = (provider: PaymentProvider, signed: SignedWebhook) =>
  `${provider.name}:${signed.eventId}`.slice(0, 300);

async function isStored(db: Db, id: string): Promise<boolean> {
  const [seen] = await storedEvent(db).execute({ id });
  return Boolean(seen);
}

/**
 * receiveWebhook's answer when this delivery is correctly signed and already stored (a replay);
 * null for anything else (receiveWebhook then answers it). The webhook lane's check
 * (webhook-lane.server.ts, docs/decisions/0276-webhook-lane.md).
 */
export async function replayAnswer(
  provider: PaymentProvider,
  rawBody: Uint8Array,
  headers: Headers,
  now = Date.now(),
): Promise<typeof REPLAY | null> {
  let signed: SignedWebhook;
  try {
    signed = provider.verifyWebhook(rawBody, headers, now);
  } catch {
    return null;
  }
  return (await isStored(await getDb(), deliveryId(provider, signed))) ? REPLAY : null;
}

const orderAmountMissing = (payment: ProviderPayment) =>
  payment.status === "SUCCESS" && payment.orderAmountPaise === null;

const refunding = (effect: PaymentEffect) => effect === "refused" || effect === "sold-out";

function unknownOrder(type: string): void {
  log.error(`[payments] signed ${type} for an order this shop does not have; recorded.`);
}

async function orderExists(db: Db, orderId: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return Boolean(row);
}

/** The replay check, prepared once per database (Drizzle's .prepare(): built once, and a named
 * statement on PostgreSQL, parsed once per connection). */
const storedEvents = new WeakMap<Db, ReturnType<typeof prepareStoredEvent>>();

function prepareStoredEvent(db: Db) {
  return db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, sql.placeholder("id")))
    .prepare("webhook_event_stored");
}

function storedEvent(db: Db) {
  let prepared = storedEvents.get(db);
  if (!prepared) {
    prepared = prepareStoredEvent(db);
    storedEvents.set(db, prepared);
  }
  return prepared;
}

async function storeEvent(
  db: DbOrTx,
  provider: string,
  id: string,
  event: WebhookEvent,
  at: Date,
): Promise<void> {
  await db
    .insert(webhookEvents)
    .values({
      id,
      provider,
      type: event.type.slice(0, 100),
      orderId: event.orderId,
      // PostgreSQL's jsonb cannot hold \u0000: dropped from what is stored.
      body: JSON.parse(JSON.stringify(event.body ?? null).replaceAll("\\u0000", "")) ?? {},
      receivedAt: at,
    })
    .onConflictDoNothing();
}
