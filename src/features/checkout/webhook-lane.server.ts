/**
 * The webhook lane's bundle side (docs/decisions/0276-webhook-lane.md): the shop's Node server
 * (src/server/serve/webhook-lane.ts) reads a POST /{provider}/webhook body before Astro and asks
 * this lane first. A correctly signed delivery already stored (a replay) is answered here with what
 * the route answers (postWebhook in checkout.api.ts): the same status, JSON body and headers (the
 * API's security headers). Everything else, and a foreign Host in demo mode, answers null: the
 * request goes on to Astro with its body, and the route answers it as before.
 */
import { json } from "~/server/http";
import { applySecurityHeaders } from "~/server/security-headers.server";
import { providerNamed } from "~/server/payments/index.server";
import { demoHostRefusal } from "~/features/account/session-middleware.server";
import {
  WEBHOOK_LANE_KEY,
  type WebhookLane,
  type WebhookLaneAnswer,
} from "~/server/serve/webhook-lane";
import { startBackgroundJobs } from "./background-jobs.server";
import { replayAnswer } from "./payment-webhook.server";

export const webhookLane: WebhookLane = async (request, name) => {
  try {
    if (demoHostRefusal({ request, url: new URL(request.url) })) return null;
    const provider = providerNamed(name);
    if (!provider) return null;
    startBackgroundJobs(); // as the route does (idempotent)
    const raw = new Uint8Array(await request.arrayBuffer());
    const answer = await replayAnswer(provider, raw, request.headers);
    if (!answer) return null;
    const response = json(answer.body, { status: answer.status });
    applySecurityHeaders(response.headers);
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body } as WebhookLaneAnswer;
  } catch {
    return null; // a database hiccup: the route answers (its own 500 or 503)
  }
};

/** Called once from src/middleware.ts. */
export function registerWebhookLane(): void {
  (globalThis as Record<symbol, unknown>)[WEBHOOK_LANE_KEY] = webhookLane;
}
