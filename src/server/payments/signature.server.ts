/**
 * Webhook signatures as Cashfree makes them (../shared/CASHFREE.md): base64 of HMAC-SHA256 keyed
 * with the secret over the timestamp string immediately followed by the RAW body. Always verify
 * the bytes that arrived, never a re-serialised JSON (170.00 would become 170).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { toWebhookEvent, webhookEventId } from "./cashfree-shapes";
import { WebhookRejected, type SignedWebhook } from "./provider";

/**
 * How old a signed webhook may be. Cashfree's timestamp is when the webhook was generated and its
 * docs never say a retry is signed afresh; retries run up to 10 times on an owner-chosen schedule.
 * So a retry may carry its first timestamp hours later: the window is a day, and replays inside it
 * are caught by the stored event id (docs/decisions/0056).
 */
export const MAX_WEBHOOK_AGE_MS = 24 * 60 * 60_000;
/** A timestamp from the future is a clock problem or a forgery: a few minutes of skew only. */
export const MAX_WEBHOOK_SKEW_MS = 5 * 60_000;

/** The raw body as it arrived: bytes, or text (encoded as UTF-8, as Cashfree sends it). */
export type RawBody = string | Uint8Array;

export function signWebhook(secret: string, timestamp: string, rawBody: RawBody): string {
  return createHmac("sha256", secret)
    .update(Buffer.from(timestamp, "utf8"))
    .update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody)
    .digest("base64");
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** Checks the signature (constant time) and the timestamp's age. */
export function checkWebhookSignature(
  secret: string,
  rawBody: RawBody,
  signature: string | null,
  timestamp: string | null,
  now = Date.now(),
): SignatureCheck {
  if (!signature || !timestamp)
    return {
      ok: false,
      reason: "The webhook has no x-webhook-signature or x-webhook-timestamp header.",
    };
  if (!/^\d{10,16}$/.test(timestamp))
    return { ok: false, reason: "x-webhook-timestamp must be epoch milliseconds." };
  const age = now - Number(timestamp);
  if (age > MAX_WEBHOOK_AGE_MS)
    return { ok: false, reason: "The webhook timestamp is stale (older than 24 hours)." };
  if (age < -MAX_WEBHOOK_SKEW_MS)
    return { ok: false, reason: "The webhook timestamp is in the future." };
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), "utf8");
  const given = Buffer.from(signature, "utf8");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "The webhook signature does not match its body." };
  }
  return { ok: true };
}

const utf8 = new TextDecoder();

/**
 * Verifies a Cashfree-shaped webhook (signature over the raw text, age) before anything parses it;
 * throws WebhookRejected only for a bad signature or timestamp. The body is reshaped only when
 * asked (a replay needs its delivery id alone); a signed body the shop cannot read is an "other"
 * event: recorded, never refused.
 */
export function verifySignedWebhook(
  secret: string,
  rawBody: RawBody,
  headers: Headers,
  now = Date.now(),
): SignedWebhook {
  const check = checkWebhookSignature(
    secret,
    rawBody,
    headers.get("x-webhook-signature"),
    headers.get("x-webhook-timestamp"),
    now,
  );
  if (!check.ok) throw new WebhookRejected(check.reason);
  const text = typeof rawBody === "string" ? rawBody : utf8.decode(rawBody);
  const deliveryId = headers.get("x-idempotency-key");
  return {
    eventId: webhookEventId(text, deliveryId),
    event: () => toWebhookEvent(text, deliveryId),
  };
}
