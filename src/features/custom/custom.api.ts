/**
 * HTTP handlers of custom work (decisions 0045, 0046; docs/api.md). Owner endpoints start with
 * requireAdmin (401 without a token, 403 for a shopper); the quote link's endpoints need only the
 * token in the address, and answer a 404 that says nothing for an unknown, withdrawn or expired one.
 * Paying a link is checkout's (checkout/quote-pay.api.ts).
 * Amounts are paise here; json()/readJson() speak rupees (price, shippingEstimate, total, amount).
 */
import type { APIContext } from "astro";
import { requireAdmin } from "~/server/auth/auth.server";
import { auditActor } from "~/features/audit/audit.server";
import { getDb } from "~/server/db/client";
import { HttpError, json, parseWith, readJson } from "~/server/http";
import { idParam } from "~/lib/fields";
import { materialsSentInput } from "~/features/made-to-order/materials.schema";
import { recordMaterialsSent } from "~/features/made-to-order/materials.server";
import { depositJson, loadQuoteDeposit } from "~/features/made-to-order/deposits.server";
import { answerProof } from "~/features/made-to-order/proofs.server";
import { proofAnswerInput } from "~/features/made-to-order/proofs.schema";
import { loadQuotePage } from "./quote-page.server";
import { findByToken } from "./quote-payment.server";
import { requestBalance, setDeposit } from "./deposit.server";
import {
  depositInput,
  parseExpiry,
  quoteInput,
  shippingChargeInput,
  stageInput,
} from "./quotes.schema";
import { loadInquiryQuotes } from "./quote-records.server";
import { createQuote, reviseQuote, sendQuote, updateDraft, withdrawQuote } from "./quotes.server";
import { loadOrderStages, markStage, requestShippingCharge } from "./stages.server";

const BODY_CAP = 32 * 1024;

/** GET /v2/admin/inquiries/{id}/quotes -> { inquiry, quotes, events } */
export async function getInquiryQuotes(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  return json(await loadInquiryQuotes(await getDb(), id));
}

/** POST /v2/admin/inquiries/{id}/quotes -> 201 the draft quote */
export async function postInquiryQuote(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = parseWith(idParam(), context.params.id);
  const input = await readJson(context.request, quoteInput, BODY_CAP);
  return json(await createQuote(await getDb(), actor, id, input), { status: 201 });
}

/** PUT /v2/admin/quotes/{id} -> the edited draft */
export async function putQuote(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = parseWith(idParam(), context.params.id);
  const input = await readJson(context.request, quoteInput, BODY_CAP);
  return json(await updateDraft(await getDb(), actor, id, input));
}

/** POST /v2/admin/quotes/{id}/{action}: send, revise (body: the new quote), withdraw */
export async function postQuoteAction(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = parseWith(idParam(), context.params.id);
  const db = await getDb();
  switch (context.params.action) {
    case "send":
      return json(await sendQuote(db, actor, id));
    case "revise":
      return json(
        await reviseQuote(db, actor, id, await readJson(context.request, quoteInput, BODY_CAP)),
      );
    case "withdraw":
      return json(await withdrawQuote(db, actor, id));
    default:
      throw new HttpError(404, "There is no such quote action (send, revise or withdraw).");
  }
}

/** GET /v2/admin/order/{id}/stages */
export async function getOrderStages(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const stages = await loadOrderStages(await getDb(), id);
  if (!stages) throw new HttpError(404, "Order not found");
  return json(stages);
}

/** POST /v2/admin/order/{id}/stages { stage, note?, photos? } -> the stages */
export async function postOrderStage(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = parseWith(idParam(), context.params.id);
  const input = await readJson(context.request, stageInput, BODY_CAP);
  return json(await markStage(await getDb(), actor, id, input));
}

/** POST /v2/admin/order/{id}/shipping-charge { amount, expiresAt? } -> 201 { quote, link } */
export async function postShippingCharge(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = parseWith(idParam(), context.params.id);
  const input = await readJson(context.request, shippingChargeInput, BODY_CAP);
  const until = input.expiresAt ? parseExpiry(input.expiresAt) : null;
  return json(await requestShippingCharge(await getDb(), actor, id, input.amount, until), {
    status: 201,
  });
}

/** GET /v2/quotes/{token}: what the quote page shows (404 for an unknown, withdrawn or expired link). */
export async function getPublicQuote(context: APIContext): Promise<Response> {
  const page = await loadQuotePage(await getDb(), context.params.token);
  if (!page) throw new HttpError(404, "Quote not found");
  return json(page);
}

/** The paid order behind a quote link (a 404 that says nothing otherwise). */
async function linkOrder(context: APIContext): Promise<string> {
  const found = await findByToken(await getDb(), context.params.token);
  const orderId = found?.quote.status === "paid" ? found.quote.paidOrderId : null;
  if (!orderId || found?.quote.kind !== "quote") throw new HttpError(404, "Quote not found");
  return orderId;
}

/** POST /v2/quotes/{token}/materials { courier, tracking }: how a guest sent their flowers. */
export async function postQuoteMaterialsSent(context: APIContext): Promise<Response> {
  const orderId = await linkOrder(context);
  const input = await readJson(context.request, materialsSentInput, BODY_CAP);
  return json(await recordMaterialsSent(await getDb(), orderId, input));
}

/** POST /v2/quotes/{token}/proof { decision, message? }: a guest answers the proof of the link's paid order. */
export async function postQuoteProofAnswer(context: APIContext): Promise<Response> {
  const orderId = await linkOrder(context);
  const input = await readJson(context.request, proofAnswerInput, BODY_CAP);
  return json(await answerProof(await getDb(), orderId, input));
}

/** GET /v2/admin/quotes/{id}/deposit -> the split, or null */
export async function getQuoteDeposit(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const row = await loadQuoteDeposit(await getDb(), id);
  return json(row ? depositJson(row) : null);
}

/** PUT /v2/admin/quotes/{id}/deposit { percent } | { amount } | {} -> the split, or null */
export async function putQuoteDeposit(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const input = await readJson(context.request, depositInput, BODY_CAP);
  return json(await setDeposit(await getDb(), auditActor(context, user), id, input));
}

/** POST /v2/admin/order/{id}/balance -> 201 { link, deposit } */
export async function postOrderBalance(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  return json(await requestBalance(await getDb(), auditActor(context, user), id), { status: 201 });
}
