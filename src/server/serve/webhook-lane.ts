/**
 * The webhook lane (docs/decisions/0276-webhook-lane.md): a payment provider's POST to
 * /{provider}/webhook is read here, before Astro, and handed to the lane the Astro bundle registered
 * (src/features/checkout/webhook-lane.server.ts). The lane answers a delivery already stored (a
 * replay) with the route's own status, body and headers; anything else answers null and the request
 * goes on to Astro with the body already read (`req.body`, which Astro's Node adapter takes as is).
 * Only a body that declared its length, at most the route's 64 KiB, comes here; a longer or chunked
 * one goes to Astro unread, which answers the 413 as before.
 *
 * Runs as plain Node (serve.ts): node: imports only.
 */
import type { IncomingMessage } from "node:http";

const WEBHOOK_PATH = /^\/(cashfree|local)\/webhook$/;
/** The route's limit (readBodyBytes in src/features/checkout/checkout.api.ts). */
const MAX_BYTES = 64 * 1024;
export const WEBHOOK_LANE_KEY = Symbol.for("resin-shop.webhook-lane");
/** The route's pattern, for the access line (what the Astro middleware would name). */
export const WEBHOOK_ROUTE = "/[provider]/webhook";

export interface WebhookLaneAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}
export type WebhookLane = (request: Request, provider: string) => Promise<WebhookLaneAnswer | null>;

export function webhookLane(): WebhookLane | undefined {
  return (globalThis as Record<symbol, unknown>)[WEBHOOK_LANE_KEY] as WebhookLane | undefined;
}

/** The provider's name when this request is one the lane may read; null otherwise. */
export function webhookProvider(req: IncomingMessage): string | null {
  if (req.method !== "POST" || req.headers["transfer-encoding"] !== undefined) return null;
  const match = WEBHOOK_PATH.exec(req.url ?? "");
  const declared = req.headers["content-length"];
  if (!match || declared === undefined || !/^\d{1,6}$/.test(declared)) return null;
  return Number(declared) <= MAX_BYTES ? match[1]! : null;
}

/** The whole body (its length was declared and checked); rejects when the client goes away. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** The request the lane reads: the same headers and address Astro would see, the body as read. */
export function webhookRequest(req: IncomingMessage, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url}`, {
    method: "POST",
    headers,
    // Node reads a request into ordinary (not shared) ArrayBuffers.
    body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength),
  });
}
