/**
 * The owner's quotes for inquiries (decision 0045): write a draft, send it (a link by mail), revise
 * it (the old link points to the new one), withdraw it. The inquiry's status follows: quoted when
 * a quote is sent, closed when the live quote is withdrawn, paid when it is paid
 * (quote-payment.server.ts). Every write is one transaction that locks the quote (or inquiry) row.
 */
import { loadQuoteDeposit } from "~/features/made-to-order/deposits.server";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/server/db/client";
import { quotes } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import {
  type InquiryRow,
  lockInquiryRow,
  setInquiryStatus,
} from "~/features/inquiries/inquiry-records.server";
import { mailQuote, siteLink } from "./quote-mail.server";
import { changedFields, recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { newQuoteToken, tokenHash } from "./quote-token.server";
import { personalisationColumns } from "./quote-personalisation.server";
import type { QuoteInput } from "./quotes.schema";
import type { QuoteJson } from "./quotes";
import {
  columnsOf,
  liveOrPaid,
  lockQuote,
  logQuoteEvent,
  quoteJson,
  type QuoteRow,
  quoteTerms,
} from "./quote-records.server";

async function lockInquiry(tx: Tx, id: string): Promise<InquiryRow> {
  const inquiry = await lockInquiryRow(tx, id);
  if (!inquiry) throw new HttpError(404, "Inquiry not found");
  return inquiry;
}

/** POST /v2/admin/inquiries/{id}/quotes: a draft (nothing is mailed yet). */
export async function createQuote(
  db: Db,
  actor: AuditActor,
  inquiryId: string,
  input: QuoteInput,
  now = new Date(),
): Promise<QuoteJson> {
  return db.transaction(async (tx) => {
    const inquiry = await lockInquiry(tx, inquiryId);
    const existing = await tx.select().from(quotes).where(eq(quotes.inquiryId, inquiryId));
    const blocking = liveOrPaid(existing, now);
    if (blocking?.status === "paid")
      throw new HttpError(409, "This inquiry's quote is already paid.");
    const [row] = await tx
      .insert(quotes)
      .values({
        id: `q_${randomUUID()}`,
        kind: "quote",
        inquiryId,
        customerName: inquiry.name,
        customerEmail: inquiry.email,
        status: "draft",
        ...columnsOf(input, now),
        ...(await personalisationColumns(tx, input.personalisationProductId)),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: "quote.create",
      entity: "quote",
      entityId: row!.id,
      after: { inquiryId, ...quoteTerms(row!) },
    });
    return quoteJson(row!, now);
  });
}

/** PUT /v2/admin/quotes/{id}: edits a draft; a sent quote is revised instead. */
export async function updateDraft(
  db: Db,
  actor: AuditActor,
  id: string,
  input: QuoteInput,
  now = new Date(),
): Promise<QuoteJson> {
  return db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id);
    if (quote.status !== "draft")
      throw new HttpError(409, "Only a draft can be edited; revise a sent quote instead.");
    const [row] = await tx
      .update(quotes)
      .set({
        ...columnsOf(input, now),
        ...(await personalisationColumns(tx, input.personalisationProductId)),
        updatedAt: now,
      })
      .where(eq(quotes.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "quote.update",
      entity: "quote",
      entityId: id,
      ...changedFields(quoteTerms(quote), quoteTerms(row!)),
    });
    return quoteJson(row!, now);
  });
}

async function sendInTx(
  tx: Tx,
  quote: QuoteRow,
  now: Date,
  revised: boolean,
): Promise<{ row: QuoteRow; token: string; link: string }> {
  const token = newQuoteToken();
  const [row] = await tx
    .update(quotes)
    .set({ status: "sent", tokenHash: tokenHash(token), sentAt: now, updatedAt: now })
    .where(eq(quotes.id, quote.id))
    .returning();
  if (quote.inquiryId) await setInquiryStatus(tx, quote.inquiryId, "quoted", now);
  const link = siteLink(`/quote/${token}`);
  await mailQuote(tx, {
    to: quote.customerEmail,
    name: quote.customerName,
    title: quote.title,
    pricePaise: quote.pricePaise,
    shippingEstimatePaise: quote.shippingEstimatePaise,
    dispatchMinDays: quote.dispatchMinDays,
    dispatchMaxDays: quote.dispatchMaxDays,
    expiresAt: quote.expiresAt,
    link,
    revised,
    deposit: await loadQuoteDeposit(tx, quote.id),
  });
  await logQuoteEvent(
    tx,
    quote.id,
    revised ? "sent-revision" : "sent",
    `mailed to ${quote.customerEmail}`,
  );
  return { row: row!, token, link };
}

/**
 * POST /v2/admin/quotes/{id}/send: mails the customer the link. The answer carries the link once
 * (the owner may also share it by chat); only its hash is stored.
 */
export async function sendQuote(
  db: Db,
  actor: AuditActor,
  id: string,
  now = new Date(),
): Promise<{ quote: QuoteJson; link: string }> {
  return db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id);
    if (quote.status !== "draft")
      throw new HttpError(409, `This quote is ${quote.status}; only a draft can be sent.`);
    if (quote.expiresAt.getTime() <= now.getTime())
      throw new HttpError(400, "This draft has expired: set a later expiresAt first.");
    const others = await tx.select().from(quotes).where(eq(quotes.inquiryId, quote.inquiryId!));
    const blocking = liveOrPaid(
      others.filter((q) => q.id !== id),
      now,
    );
    if (blocking)
      throw new HttpError(
        409,
        blocking.status === "paid"
          ? "This inquiry's quote is already paid."
          : "Another quote for this inquiry is still open: revise or withdraw it.",
      );
    const sent = await sendInTx(tx, quote, now, false);
    await recordAudit(tx, actor, {
      action: "quote.send",
      entity: "quote",
      entityId: id,
      before: { status: quote.status },
      after: { status: sent.row.status },
    });
    return { quote: quoteJson(sent.row, now), link: sent.link };
  });
}

/**
 * POST /v2/admin/quotes/{id}/revise: a new quote replaces a sent one and is sent at once (a new
 * link by mail); the old link then says it was replaced and leads to the new one (/quote/{old}/new).
 */
export async function reviseQuote(
  db: Db,
  actor: AuditActor,
  id: string,
  input: QuoteInput,
  now = new Date(),
): Promise<{ quote: QuoteJson; link: string }> {
  return db.transaction(async (tx) => {
    const old = await lockQuote(tx, id);
    if (old.status !== "sent")
      throw new HttpError(409, `This quote is ${old.status}; only a sent quote can be revised.`);
    const [draft] = await tx
      .insert(quotes)
      .values({
        id: `q_${randomUUID()}`,
        kind: "quote",
        inquiryId: old.inquiryId,
        customerName: old.customerName,
        customerEmail: old.customerEmail,
        status: "draft",
        ...columnsOf(input, now),
        ...(await personalisationColumns(tx, input.personalisationProductId)),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const sent = await sendInTx(tx, draft!, now, true);
    await tx
      .update(quotes)
      .set({ status: "replaced", replacedBy: draft!.id, updatedAt: now })
      .where(eq(quotes.id, id));
    await logQuoteEvent(tx, id, "revised", `replaced by ${draft!.id}`);
    await recordAudit(tx, actor, {
      action: "quote.revise",
      entity: "quote",
      entityId: id,
      before: quoteTerms(old),
      after: { replacedBy: draft!.id, ...quoteTerms(sent.row) },
    });
    return { quote: quoteJson(sent.row, now), link: sent.link };
  });
}

/** POST /v2/admin/quotes/{id}/withdraw: the link stops working; the inquiry is closed. */
export async function withdrawQuote(
  db: Db,
  actor: AuditActor,
  id: string,
  now = new Date(),
): Promise<QuoteJson> {
  return db.transaction(async (tx) => {
    // A shipping charge's link is withdrawn too: that waives the charge (decision 0205).
    const quote = await lockQuote(tx, id, ["quote", "shipping"]);
    if (quote.status !== "sent" && quote.status !== "draft")
      throw new HttpError(409, `This quote is ${quote.status}; it cannot be withdrawn.`);
    const [row] = await tx
      .update(quotes)
      .set({ status: "withdrawn", updatedAt: now })
      .where(eq(quotes.id, id))
      .returning();
    if (quote.status === "sent" && quote.inquiryId)
      await setInquiryStatus(tx, quote.inquiryId, "closed", now);
    await logQuoteEvent(tx, id, "withdrawn");
    await recordAudit(tx, actor, {
      action: "quote.withdraw",
      entity: "quote",
      entityId: id,
      before: { status: quote.status },
      after: { status: "withdrawn" },
    });
    return quoteJson(row!, now);
  });
}
