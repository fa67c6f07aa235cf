/**
 * customer_details within Cashfree's limits (OpenAPI 2025-01-01, CustomerDetails), adapted here
 * rather than refused by the shop's forms (docs/decisions/0059):
 * - customer_id: required, 3-50 characters, alphanumeric only: "c" + the first 40 hex digits of
 *   sha256(uid), the same for every order of one account and revealing nothing of the uid;
 * - customer_name: optional, 3-100 characters: trimmed, inner spaces folded, cut at 100 characters;
 *   a shorter name is padded with dots ("Al" -> "Al."); an empty one is left out;
 * - customer_email: optional, 3-100 characters: left out when longer (the shop keeps the address
 *   and mails it itself; Cashfree only uses it for its own receipts);
 * - customer_phone: required, exactly 10 digits: the shop stores the 10-digit Indian mobile number.
 */
import { createHash } from "node:crypto";

export interface CfCustomer {
  customer_id: string;
  customer_phone: string;
  customer_name?: string;
  customer_email?: string;
}

export function cashfreeCustomerId(uid: string): string {
  return `c${createHash("sha256").update(uid, "utf8").digest("hex").slice(0, 40)}`;
}

function cut(text: string, max: number): string {
  return Array.from(text).slice(0, max).join("");
}

export function cashfreeCustomer(customer: {
  id: string;
  name: string;
  email: string;
  phone: string;
}): CfCustomer {
  const name = cut(customer.name.trim().replace(/\s+/g, " "), 100);
  const email = customer.email.trim();
  const phone = customer.phone.replace(/\D/g, "").slice(-10);
  return {
    customer_id: cashfreeCustomerId(customer.id),
    customer_phone: phone,
    ...(name ? { customer_name: Array.from(name).length < 3 ? name.padEnd(3, ".") : name } : {}),
    ...(email.length >= 3 && email.length <= 100 ? { customer_email: email } : {}),
  };
}

/**
 * x-idempotency-key must be a UUID (OpenAPI: format UUID). Derived from the shop's own key so a
 * retry of the same call sends the same one: the first 16 bytes of sha256, with the version (8,
 * "custom") and variant bits of RFC 9562 set.
 */
export function idempotencyUuid(key: string): string {
  const bytes = createHash("sha256").update(key, "utf8").digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
