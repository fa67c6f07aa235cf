/**
 * "This attempt's order" read ahead by a statement the caller makes anyway (create-order's address
 * read, docs/decisions/0325): the shopper's order of the same idempotency key and their
 * still-payable pending orders of the same quote (a few: the open-orders cap), each with its
 * content's fingerprint. storeOrderAttempt then matches the built order's fingerprint here instead
 * of looking it up again; the answer is the one its own look-up would give (the same rows, the
 * same order: the key's order first, then the newest).
 */
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { orders } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { PAYMENT_STATUS } from "./order-rules";

/** An order that may be this attempt's: its id, key, content's fingerprint and quote. */
export interface EarlierAttempt {
  id: string;
  key: string | null;
  print: string;
  quoteId: string | null;
}

/** Whose attempt this is (storeOrderAttempt's OrderAttempt). */
interface Attempt {
  userId: string;
  quoteId: string | null;
  idempotencyKey: string | null;
}

/** An attempt's values, or placeholders where a statement built once fills them (decision 0332). */
type Values<T> = { [K in keyof T]: T[K] | Placeholder };

/**
 * One SQL value (a JSON array of EarlierAttempt): the rows storeOrderAttempt's look-up could
 * answer, whatever the built order's content. Read it in the transaction that stores the order.
 * `now` as a placeholder is filled with its ISO text.
 */
export function earlierAttemptsColumn(attempt: Values<Attempt>, now: Date | Placeholder): SQL {
  const key = attempt.idempotencyKey;
  const byKey = key ? sql`o.idempotency_key = ${key}` : sql`false`;
  const keyFirst = key ? sql`(o.idempotency_key is not distinct from ${key}) desc, ` : sql``;
  const quote = attempt.quoteId ? sql`o.quote_id = ${attempt.quoteId}` : sql`o.quote_id is null`;
  return sql`(select coalesce(json_agg(json_build_object('id', o.id, 'key', o.idempotency_key,
    'print', o.cart_fingerprint, 'quoteId', o.quote_id) order by ${keyFirst}o.created_at desc),
    '[]'::json) from ${orders} o where o.user_id = ${attempt.userId} and (${byKey} or (${quote}
    and o.status = 'pending' and o.payment_status = ${PAYMENT_STATUS.pending}
    and o.expires_at > ${now instanceof Date ? now.toISOString() : now}::timestamptz)))`;
}

/** The column's value as read (a driver may answer the JSON parsed or as text). */
export function earlierAttemptsOf(read: unknown): EarlierAttempt[] {
  return ((typeof read === "string" ? JSON.parse(read) : read) ?? []) as EarlierAttempt[];
}

/**
 * The id of this attempt's order among those read ahead: the key's order, else the newest of the
 * same content. A 409 when the key's order was for another quote (the key is unique per user).
 */
export function earlierAttemptOrder(
  earlier: readonly EarlierAttempt[],
  attempt: Attempt,
  print: string,
): string | undefined {
  const key = attempt.idempotencyKey;
  const found = earlier.find((e) => (key && e.key === key) || e.print === print);
  if (!found) return undefined;
  if (key && found.key === key && found.quoteId !== attempt.quoteId) throw keyUsedElsewhere();
  return found.id;
}

/** The 409 of a key whose order was for another quote. */
export const keyUsedElsewhere = () =>
  new HttpError(
    409,
    "idempotency_key: this key was used for another order; send a new key for a new attempt.",
  );
