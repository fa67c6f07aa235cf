/**
 * HTTP handlers of checkout and payment (decision 0014; docs/api.md). The route files under
 * src/pages/ only wire these. Amounts go out as paise under the money keys (json() converts).
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { requireIdentity, requireUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { env } from "~/server/env";
import {
  HttpError,
  json,
  methods,
  parseJsonBody,
  readBodyText,
  readJson,
  readQuery,
} from "~/server/http";
import { startBackgroundJobs } from "./background-jobs.server";
import { paymentProvider, providerNamed } from "~/server/payments/index.server";
import { createOrderBody } from "./checkout";
import { createOrderFor, OrderCreationFailed } from "./create-order.server";
import { limitCheckoutAttempts, replaceOtherOpenOrders } from "./order-limits.server";
import { verifyOrderFor } from "./payment-sync.server";
import { receiveWebhook } from "./payment-webhook.server";

const orderIdQuery = z.object({ order_id: z.string().min(1, "order_id is required").max(100) });

function activeProvider(name: string | undefined) {
  startBackgroundJobs();
  const provider = providerNamed(name);
  if (!provider) throw new HttpError(404, "This payment provider is not active in this shop.");
  return provider;
}

function text(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/** POST /create-order */
export async function postCreateOrder(context: APIContext): Promise<Response> {
  startBackgroundJobs();
  // 401 without a token, 400 for a bad body, then the attempt's count and the caller's role in one
  // statement (429 over the limits), then the caller (docs/decisions/0313).
  const identity = await requireIdentity(context);
  const body = await readJson(context.request, createOrderBody, 16 * 1024);
  const db = await getDb();
  await limitCheckoutAttempts(db, context, identity.uid, identity);
  const user = await requireUser(context);
  try {
    const { created, openOrders } = await createOrderFor(
      user,
      body,
      paymentProvider(),
      env().PUBLIC_SITE_URL,
    );
    // A checkout's order is one of the caller's catalogue orders: no need to read it back; its
    // transaction read the shopper's open orders already (decision 0313).
    await replaceOtherOpenOrders(
      db,
      { id: created.order_id, userId: user.uid, quoteId: null },
      new Date(),
      openOrders,
    );
    return json(created);
  } catch (error) {
    if (error instanceof OrderCreationFailed) {
      return json(
        { error: "Order Creation Failed", detail: error.detail, order_id: error.orderId },
        { status: 502 },
      );
    }
    throw error;
  }
}

/** An optional JSON object body: malformed JSON, a NUL character or a non-object is a 400. */
async function readObjectBody(request: Request, what: string): Promise<string> {
  const raw = await readBodyText(request);
  if (raw.trim() === "") return raw;
  const body = parseJsonBody(raw);
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new HttpError(400, `${what} must be a JSON object.`);
  return raw;
}

/** POST /{provider}/verify?order_id= : the text SUCCESS when paid; PENDING / FAILED / CANCELLED / EXPIRED otherwise. */
export async function postVerify(context: APIContext): Promise<Response> {
  await readObjectBody(context.request, "The body (the saved order)"); // checked, then ignored for money
  const provider = activeProvider(context.params.provider);
  const user = await requireUser(context);
  const { order_id } = readQuery(context.url, orderIdQuery);
  return text(await verifyOrderFor(user.uid, order_id, provider));
}

/** A webhook body as the bytes that arrived (at most 64 KiB; more is a 413), never parsed here. */
async function readBodyBytes(request: Request, maxBytes = 64 * 1024): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes)
    throw new HttpError(413, "The webhook body is too large.");
  const bytes = new Uint8Array(await request.arrayBuffer().catch(() => new ArrayBuffer(0)));
  if (bytes.byteLength > maxBytes) throw new HttpError(413, "The webhook body is too large.");
  return bytes;
}

/**
 * POST /{provider}/webhook: the signature is checked over the raw bytes before anything parses
 * them (docs/decisions/0056); 401 only for a bad signature or timestamp; 200 once handled.
 */
export async function postWebhook(context: APIContext): Promise<Response> {
  const raw = await readBodyBytes(context.request);
  const provider = activeProvider(context.params.provider);
  const answer = await receiveWebhook(provider, raw, context.request.headers);
  return json(answer.body, { status: answer.status });
}

/**
 * methods() for the /{provider}/... routes: any other method on a provider that is not active (or
 * not a provider at all, e.g. /login/verify) is the 404 JSON of an unknown address, not a 405.
 */
export function providerRoute(table: { POST: (context: APIContext) => Promise<Response> }) {
  const routes = methods(table);
  return {
    POST: routes.POST!,
    ALL: (context: APIContext) =>
      providerNamedSafe(context.params.provider)
        ? routes.ALL(context)
        : json({ error: `There is no API at ${context.url.pathname}.` }, { status: 404 }),
  };
}

function providerNamedSafe(name: string | undefined): boolean {
  try {
    return providerNamed(name) !== null;
  } catch {
    return false;
  }
}
