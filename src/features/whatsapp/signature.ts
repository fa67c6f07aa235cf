/**
 * Meta's webhook signature (docs/whatsapp.md): `X-Hub-Signature-256: sha256=<hex>`, the HMAC-SHA256
 * of the raw request body keyed with the app secret. Compared in constant time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function signBody(body: string | Uint8Array, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

export function validSignature(
  body: string | Uint8Array,
  header: string | null,
  appSecret: string,
): boolean {
  if (!appSecret || !header) return false;
  const expected = Buffer.from(signBody(body, appSecret));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
