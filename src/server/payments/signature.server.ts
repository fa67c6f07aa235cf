/**
 * Webhook signatures as Cashfree makes them (../shared/CASHFREE.md): base64 of HMAC-SHA256 keyed
 * with the secret over the timestamp string immediately followed by the RAW body. Always verify
 * the bytes that arrived, never a re-serialised JSON (170.00 would become 170).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { toWebhookEvent } from "./cashfree-shapes";
import { WebhookRejected, type WebhookEvent } from "./provider";

/** Webhooks older (or further in the future) than this are refused. */
export const MAX_WEBHOOK_AGE_MS = 5 * 60_000;

export function signWebhook(secret: string, timestamp: string, rawBody: string): string {
  return createHmac("sha256", secret)
    .update(timestamp + rawBody, "utf8")
    .digest("base64");
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** Checks the signature (constant time) and the timestamp's age. */
export function checkWebhookSignature(
  secret: string,
  rawBody: string,
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
  if (Math.abs(now - Number(timestamp)) > MAX_WEBHOOK_AGE_MS)
    return { ok: false, reason: "The webhook timestamp is stale (older than 5 minutes)." };
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), "utf8");
  const given = Buffer.from(signature, "utf8");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "The webhook signature does not match its body." };
  }
  return { ok: true };
}

/** Verifies a Cashfree-shaped webhook (signature, age) and reshapes it; throws WebhookRejected. */
export function parseSignedWebhook(
  secret: string,
  rawBody: string,
  headers: Headers,
  now = Date.now(),
): WebhookEvent {
  const check = checkWebhookSignature(
    secret,
    rawBody,
    headers.get("x-webhook-signature"),
    headers.get("x-webhook-timestamp"),
    now,
  );
  if (!check.ok) throw new WebhookRejected(check.reason);
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new WebhookRejected("The webhook body is not valid JSON.");
  }
  const event = toWebhookEvent(body);
  if (!event) throw new WebhookRejected("The webhook body is not a payment event.");
  return event;
}
