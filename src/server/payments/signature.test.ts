import { describe, expect, it } from "vitest";
import { cfAmountToPaise } from "./cashfree-shapes";
import { WebhookRejected } from "./provider";
import { checkWebhookSignature, parseSignedWebhook, signWebhook } from "./signature.server";

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

  it("fails for a re-serialised body (170.00 becomes 170)", () => {
    const reserialised = JSON.stringify(JSON.parse(BODY));
    expect(reserialised).not.toBe(BODY);
    expect(checkWebhookSignature(SECRET, reserialised, sig, ts, now).ok).toBe(false);
  });

  it("fails for another secret, a missing header, and a timestamp older than 5 minutes", () => {
    expect(checkWebhookSignature("other", BODY, sig, ts, now).ok).toBe(false);
    expect(checkWebhookSignature(SECRET, BODY, null, ts, now).ok).toBe(false);
    expect(checkWebhookSignature(SECRET, BODY, sig, null, now).ok).toBe(false);
    const old = String(now - 5 * 60_000 - 1);
    expect(
      checkWebhookSignature(SECRET, BODY, signWebhook(SECRET, old, BODY), old, now),
    ).toMatchObject({ ok: false, reason: expect.stringContaining("stale") });
  });

  it("parses a signed event into the shop's own types (paise)", () => {
    const headers = new Headers({ "x-webhook-signature": sig, "x-webhook-timestamp": ts });
    const event = parseSignedWebhook(SECRET, BODY, headers, now);
    expect(event).toMatchObject({
      orderId: "ord_1",
      payment: { paymentId: "9", status: "SUCCESS", amountPaise: 17000, currency: "INR" },
    });
    expect(() => parseSignedWebhook(SECRET, BODY.replace("170.00", "1.00"), headers, now)).toThrow(
      WebhookRejected,
    );
  });

  it("reads Cashfree's decimal rupees as paise", () => {
    expect(cfAmountToPaise(170)).toBe(17000);
    expect(cfAmountToPaise("170.50")).toBe(17050);
    expect(cfAmountToPaise(0.1 + 0.2)).toBe(30);
    expect(cfAmountToPaise("abc")).toBeNaN();
  });
});
