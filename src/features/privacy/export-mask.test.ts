import { describe, expect, it } from "vitest";
import { maskSecrets, maskSecretsDeep, SECRET_MARK } from "./export-mask";

const TOKEN = "Qx7vR2mK9pL4sT8wZ1yB6nC3dF5gH0jA2eU7iO9kM4q";

describe("maskSecrets (docs/decisions/0170-verified-email-and-held-erasure.md)", () => {
  it("removes the secret part of every link that works without a sign-in", () => {
    expect(maskSecrets(`Pay here: https://shop.example/quote/${TOKEN}`)).toBe(
      `Pay here: https://shop.example/quote/${SECRET_MARK}`,
    );
    expect(maskSecrets(`https://shop.example/quote/${TOKEN}/new.`)).toBe(
      `https://shop.example/quote/${SECRET_MARK}/new.`,
    );
    expect(maskSecrets("Stop: https://shop.example/unsubscribe/abc123")).toBe(
      `Stop: https://shop.example/unsubscribe/${SECRET_MARK}`,
    );
    expect(maskSecrets("https://shop.example/pay/local/sess_1?x=1")).toBe(
      `https://shop.example/pay/local/${SECRET_MARK}?x=1`,
    );
    expect(maskSecrets("https://pay.example/checkout?payment_session_id=ps_9&lang=en")).toBe(
      `https://pay.example/checkout?payment_session_id=${SECRET_MARK}&lang=en`,
    );
  });

  it("removes a bare token-shaped run, and leaves ids, words and other links alone", () => {
    expect(maskSecrets(`token ${TOKEN} here`)).toBe(`token ${SECRET_MARK} here`);
    const plain =
      "Order ord_test_1_abc123 for uid Xy12AbCdEfGhIjKlMnOpQrStUv34 at https://shop.example/my-orders/ord_1";
    expect(maskSecrets(plain)).toBe(plain);
  });

  it("walks objects and arrays, keeping keys, numbers and dates", () => {
    const at = new Date("2026-11-28T10:00:00Z");
    expect(
      maskSecretsDeep({
        mails: [{ body: `/quote/${TOKEN}`, n: 2, at }],
        [TOKEN.slice(0, 5)]: null,
      }),
    ).toEqual({ mails: [{ body: `/quote/${SECRET_MARK}`, n: 2, at }], [TOKEN.slice(0, 5)]: null });
  });
});
