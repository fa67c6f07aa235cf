/**
 * HTTP handlers of checkout and payment (issue 9; README API table). The route files under
 * src/pages/ only wire these. Amounts go out as paise under the money keys (json() converts).
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { requireUser } from "../../server/auth/auth.server";
import { env } from "../../server/env";
import { HttpError, json, readBodyText, readJson, readQuery } from "../../server/http";
import { startBackgroundJobs } from "../../server/payments/background.server";
import { paymentProvider, providerNamed } from "../../server/payments/index.server";
import { createOrderBody } from "./checkout";
import { createOrderFor, OrderCreationFailed } from "./create-order.server";
import { receiveWebhook, verifyOrderFor } from "./verify.server";

const orderIdQuery = z.object({ order_id: z.string().min(1, "order_id is required").max(100) });

function activeProvider(name: string | undefined) {
  startBackgroundJobs();
  const provider = providerNamed(name);
  if (!provider) throw new HttpError(404, "This payment provider is not active in this shop.");
  return provider;
}

function text(body: string, status = 200): Response {
  return new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

/** POST /create-order */
export async function postCreateOrder(context: APIContext): Promise<Response> {
  startBackgroundJobs();
  const user = await requireUser(context);
  const body = await readJson(context.request, createOrderBody, 16 * 1024);
  try {
    return json(await createOrderFor(user, body, paymentProvider(), env().PUBLIC_SITE_URL));
  } catch (error) {
    if (error instanceof OrderCreationFailed) {
      return json({ error: "Order Creation Failed", detail: error.detail, order_id: error.orderId }, { status: 502 });
    }
    throw error;
  }
}

/** POST /{provider}/verify?order_id= : the text SUCCESS when paid; PENDING / FAILED / CANCELLED / EXPIRED otherwise. */
export async function postVerify(context: APIContext): Promise<Response> {
  const provider = activeProvider(context.params.provider);
  const user = await requireUser(context);
  const { order_id } = readQuery(context.url, orderIdQuery);
  await readBodyText(context.request); // the browser's tempOrder: read (size-capped) and ignored
  return text(await verifyOrderFor(user.uid, order_id, provider));
}

/** POST /{provider}/webhook: signed over the raw body; 2xx only once stored. */
export async function postWebhook(context: APIContext): Promise<Response> {
  const provider = activeProvider(context.params.provider);
  const raw = await readBodyText(context.request);
  const answer = await receiveWebhook(provider, raw, context.request.headers);
  return json(answer.body, { status: answer.status });
}
