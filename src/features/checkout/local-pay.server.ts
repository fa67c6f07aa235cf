/**
 * The local provider's stand-in hosted page (/pay/local/{session}) and its three buttons. Each
 * button takes the attempt into the local ledger, sends the same signed webhook Cashfree would send
 * (an HTTP POST to this shop's own /local/webhook on 127.0.0.1), then sends the browser to the
 * return URL. Everything here is a 404 unless the local provider is active.
 */
import { getDb } from "~/server/db/client";
import { env } from "~/server/env";
import { amountAsked } from "~/features/made-to-order/deposits.server";
import { HttpError } from "~/server/http";
import { readPage, type PageLoad } from "~/server/page-load";
import { paymentProvider } from "~/server/payments/index.server";
import { LocalProvider, type LocalChoice } from "~/server/payments/local.server";
import { receiveWebhook } from "./payment-webhook.server";
import { log } from "~/server/log/logger";

export function localProvider(): LocalProvider {
  const provider = paymentProvider();
  if (!(provider instanceof LocalProvider)) throw new HttpError(404, "Page not found");
  return provider;
}

export interface LocalPayView {
  orderId: string;
  amountPaise: number;
  expired: boolean;
  open: boolean;
  /** Where the browser goes afterwards ('' = /verify-order/{id}); a quote's payment sets its own. */
  returnPath: string;
}

/** The session's order as the stand-in page shows it; null for an unknown session. */
async function readLocalPayView(
  provider: LocalProvider,
  session: string,
  now: number,
): Promise<LocalPayView | null> {
  const order = await provider.sessionOrder(session);
  if (!order) return null;
  const expired = !order.expiresAt || order.expiresAt.getTime() <= now;
  return {
    orderId: order.id,
    // What the shop's provider order asked: a deposit's advance, else the total (decision 0212).
    amountPaise: await amountAsked(await getDb(), order),
    expired,
    open: order.status === "pending" && !expired,
    returnPath: order.returnPath,
  };
}

/**
 * What the stand-in page shows, in the one page-load shape (decision 0019): missing (a 404) for an
 * unknown session or when the local provider is not active, failed (a 503) when the order could
 * not be read.
 */
export async function loadLocalPayPage(
  session: string,
  now = Date.now(),
): Promise<PageLoad<{ view: LocalPayView }>> {
  let provider: LocalProvider;
  try {
    provider = localProvider();
  } catch {
    return { state: "missing", status: 404 };
  }
  return readPage(`local payment page ${session}`, async () => {
    const view = await readLocalPayView(provider, session, now);
    return view
      ? { state: "found" as const, status: 200 as const, view }
      : { state: "missing" as const, status: 404 as const };
  });
}

/** Delivers the signed webhook over HTTP to this server; in-process when that is impossible (logged). */
async function deliver(
  provider: LocalProvider,
  body: string,
  headers: Record<string, string>,
): Promise<void> {
  const url = process.env.LOCAL_WEBHOOK_URL ?? `http://127.0.0.1:${env().PORT}/local/webhook`;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (response.ok) return;
    log.error(`[local-pay] the webhook answered ${response.status}; recording in-process instead`);
  } catch (error) {
    log.error(
      `[local-pay] could not reach the webhook (${String(error)}); recording in-process instead`,
    );
  }
  const answer = await receiveWebhook(provider, body, new Headers(headers));
  if (answer.status !== 200)
    throw new Error(`local webhook refused: ${JSON.stringify(answer.body)}`);
}

const CHOICES: Record<string, LocalChoice> = { pay: "pay", fail: "fail", cancel: "cancel" };

/** POST /pay/local/{session}/outcome (form field `outcome`): answers the return URL to redirect to. */
export async function takeLocalOutcome(session: string, outcome: string): Promise<string> {
  const provider = localProvider();
  const choice = CHOICES[outcome];
  if (!choice) throw new HttpError(400, "outcome must be pay, fail or cancel.");
  const view = await readLocalPayView(provider, session, Date.now());
  if (!view) throw new HttpError(404, "Page not found");
  if (view.expired) throw new HttpError(410, "This payment link has expired.");
  if (view.open) {
    // null: another click of this session already took the outcome (docs/decisions/0058).
    const attempt = await provider.takeAttempt(view.orderId, view.amountPaise, choice);
    if (attempt) await deliver(provider, attempt.body, attempt.headers);
  }
  return view.returnPath || `/verify-order/${encodeURIComponent(view.orderId)}`;
}
