/**
 * The fake WhatsApp Cloud API's shapes (sources in ./fake-whatsapp.ts's header): Meta's error codes
 * with their published titles, the Graph API error body, and the templates the fake knows.
 */
import { randomBytes } from "node:crypto";

export interface FakeTemplate {
  name: string;
  language: string;
  /** How many {{n}} places its body has. */
  params: number;
}

export const TITLES: Record<number, string> = {
  190: "Access token has expired",
  130429: "Rate limit hit",
  131009: "Parameter value is not valid",
  131026: "Message undeliverable",
  131047: "Re-engagement message",
  132000: "Number of parameters does not match the expected number of params",
  132001: "Template name does not exist in the translation",
};

export function graphError(code: number, details: string) {
  return {
    error: {
      message: `(#${code}) ${TITLES[code] ?? "Error"}`,
      type: "OAuthException",
      code,
      error_data: { messaging_product: "whatsapp", details },
      fbtrace_id: randomBytes(9).toString("base64url"),
    },
  };
}

export const DEFAULT_TEMPLATES: FakeTemplate[] = [
  { name: "order_confirmed", language: "en", params: 4 },
  { name: "proof_ready", language: "en", params: 4 },
  { name: "proof_ready", language: "hi", params: 4 },
  { name: "materials_received", language: "en", params: 3 },
  { name: "balance_due", language: "en", params: 4 },
  { name: "order_shipped", language: "en", params: 5 },
  { name: "order_delivered", language: "en", params: 3 },
  { name: "refund_issued", language: "en", params: 3 },
  { name: "quote_sent", language: "en", params: 4 },
  { name: "hello_world", language: "en_US", params: 0 },
];
