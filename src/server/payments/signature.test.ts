import { describe, expect, it } from "vitest";
import { cfAmountToPaise } from "./cashfree-shapes";
import { WebhookRejected } from "./provider";
import { checkWebhookSignature, signWebhook, verifySignedWebhook } from "./signature.server";

/** The verified event, reshaped. */
const parseSignedWebhook = (...args: Parameters<typeof verifySignedWebhook>) =>
  verifySignedWebhook(...args).event();
import { VECTOR } from "../../../tests/helpers/cashfree-vector";

const SECRET = "s3cret";
const BODY =
  '{"data":{"order":{"order_id":"ord_1","order_amount":170.00},"payment":{"cf_payment_id":"9","payment_status":"SUCCESS","payment_amount":170.00,"payment_currency":"INR"}},"type":"PAYMENT_SUCCESS_WEBHOOK"}';

describe("webhook signature", () => {
  const now = 1_700_000_000_000;
  const ts = String(now);
  const sig = signWebhook(SECRET, ts, BODY);

  it("is base64 HMAC-SHA256 over timestamp + raw body", () => {
    expect(sig).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(checkWebhookSignature(SECRET, BODY, sig, ts, now)).toEqual({ ok: true });
  });

  it("matches the known vector computed with Cashfree's SDK algorithm", () => {
    expect(signWebhook(VECTOR.secret, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
    const at = Number(VECTOR.timestamp) + 1_000;
    expect(
      checkWebhookSignature(VECTOR.secret, VECTOR.body, VECTOR.signature, VECTOR.timestamp, at),
    ).toEqual({ ok: true });
  });

  it("verifies the raw bytes as they arrived, the same as their UTF-8 text", () => {
    const bytes = new TextEncoder().encode(VECTOR.body);
    expect(signWebhook(VECTOR.secret, VECTOR.timestamp, bytes)).toBe(VECTOR.signature);
    const at = Number(VECTOR.timestamp);
    expect(
      checkWebhookSignature(VECTOR.secret, bytes, VECTOR.signature, VECTOR.timestamp, at).ok,
    ).toBe(true);
  });

  it("a correctly signed body the shop cannot read is recorded as an 'other' event, never refused", () => {
    const body = "not json at all";
    const headers = new Headers({
      "x-webhook-signature": signWebhook(SECRET, ts, body),
      "x-webhook-timestamp": ts,
    });
    expect(parseSignedWebhook(SECRET, body, headers, now)).toMatchObject({
      kind: "other",
      type: "UNREADABLE",
    });
  });

  it("fails for a re-serialised body (170.00 becomes 170)", () => {
    const reserialised = JSON.stringify(JSON.parse(BODY));
    expect(reserialised).not.toBe(BODY);
    expect(checkWebhookSignature(SECRET, reserialised, sig, ts, now).ok).toBe(false);
  });

  it("fails for another secret, a missing header, a timestamp older than a day or from the future", () => {
    expect(checkWebhookSignature("other", BODY, sig, ts, now).ok).toBe(false);
    expect(checkWebhookSignature(SECRET, BODY, null, ts, now).ok).toBe(false);
    expect(checkWebhookSignature(SECRET, BODY, sig, null, now).ok).toBe(false);
    const old = String(now - 24 * 60 * 60_000 - 1);
    expect(
      checkWebhookSignature(SECRET, BODY, signWebhook(SECRET, old, BODY), old, now),
    ).toMatchObject({ ok: false, reason: expect.stringContaining("stale") });
    // A retry keeps its first timestamp: an hour later it is still accepted (replays: event id).
    const retry = String(now - 60 * 60_000);
    expect(
      checkWebhookSignature(SECRET, BODY, signWebhook(SECRET, retry, BODY), retry, now),
    ).toEqual({ ok: true });
    const future = String(now + 6 * 60_000);
    expect(
      checkWebhookSignature(SECRET, BODY, signWebhook(SECRET, future, BODY), future, now).ok,
    ).toBe(false);
  });

  it("parses a signed event into the shop's own types (paise)", () => {
    const headers = new Headers({ "x-webhook-signature": sig, "x-webhook-timestamp": ts });
    const event = parseSignedWebhook(SECRET, BODY, headers, now);
    expect(event).toMatchObject({
      kind: "payment",
      orderId: "ord_1",
      payment: {
        paymentId: "9",
        status: "SUCCESS",
        amountPaise: 17000,
        currency: "INR",
        orderAmountPaise: 17000,
      },
    });
    expect(() => parseSignedWebhook(SECRET, BODY.replace("170.00", "1.00"), headers, now)).toThrow(
      WebhookRejected,
    );
  });

  it("reads the vector's event: the order's amount beside a smaller payment amount", () => {
    const headers = new Headers({
      "x-webhook-signature": VECTOR.signature,
      "x-webhook-timestamp": VECTOR.timestamp,
    });
    const event = parseSignedWebhook(VECTOR.secret, VECTOR.body, headers, Number(VECTOR.timestamp));
    expect(event).toMatchObject({
      kind: "payment",
      payment: { amountPaise: 100, orderAmountPaise: 200, orderCurrency: "INR" },
    });
  });

  it("signed events the shop does not act on are reshaped as 'other' or 'refund', never refused", () => {
    const settle = '{"data":{"settlement":{"cf_settlement_id":1}},"type":"SETTLEMENT_WEBHOOK"}';
    const refund =
      '{"data":{"refund":{"cf_refund_id":11325632,"refund_id":"rf1","order_id":"ord_1","refund_amount":2.00,"refund_status":"SUCCESS","processed_at":null}},"type":"REFUND_STATUS_WEBHOOK"}';
    for (const [body, kind] of [
      [settle, "other"],
      [refund, "refund"],
    ] as const) {
      const headers = new Headers({
        "x-webhook-signature": signWebhook(SECRET, ts, body),
        "x-webhook-timestamp": ts,
      });
      expect(parseSignedWebhook(SECRET, body, headers, now).kind).toBe(kind);
    }
  });

  it("reads Cashfree's decimal rupees as paise", () => {
    expect(cfAmountToPaise(170)).toBe(17000);
    expect(cfAmountToPaise("170.50")).toBe(17050);
    expect(cfAmountToPaise(0.1 + 0.2)).toBe(30);
    expect(cfAmountToPaise("abc")).toBeNaN();
    expect(cfAmountToPaise(null)).toBeNaN();
    expect(cfAmountToPaise(19.99)).toBe(1999);
  });
});
