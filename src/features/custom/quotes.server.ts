/**
 * The owner's quotes for inquiries (decision 0045): write a draft, send it (a link by mail), revise
 * it (the old link points to the new one), withdraw it. The inquiry's status follows: quoted when
 * a quote is sent, closed when the live quote is withdrawn, paid when it is paid
 * (quote-payment.server.ts). Every write is one transaction that locks the quote (or inquiry) row.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../server/db/client";
import { quoteEvents, quotes } from "../../server/db/schema";
import { HttpError } from "../../server/http";
import {
  type InquiryRow,
  loadInquiryRow,
  lockInquiryRow,
  setInquiryStatus,
} from "../inquiries/inquiry-records.server";
import { isShopImageUrl } from "../media/uploaded-url.server";
import { shippingEstimatePaise } from "../orders/shipping";
import { mailQuote, siteLink } from "./quote-mail.server";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit.server";
import { newQuoteToken, tokenHash } from "./quote-token.server";
import { parseExpiry, type QuoteInput } from "./quotes.schema";
import { effectiveStatus, type InquiryQuotesJson, type QuoteJson } from "./quotes";

export type QuoteRow = typeof quotes.$inferSelect;

const MAX_EXPIRY_DAYS = 90;

export function quoteJson(row: QuoteRow, now = new Date()): QuoteJson {
  return {
    id: row.id,
    kind: row.kind,
    inquiryId: row.inquiryId,
    forOrderId: row.forOrderId,
    title: row.title,
    description: row.description,
    price: row.pricePaise,
    shippingEstimate: row.shippingEstimatePaise,
    total: row.pricePaise,
    dispatchMinDays: row.dispatchMinDays,
    dispatchMaxDays: row.dispatchMaxDays,
    stageSet: row.stageSet,
    referenceImage: row.referenceImage,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    expiresAt: row.expiresAt.toISOString(),
    status: effectiveStatus(row.status, row.expiresAt, now),
    sentAt: row.sentAt?.toISOString() ?? null,
    replacedBy: row.replacedBy,
    paidOrderId: row.paidOrderId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The columns a quote body sets; 400 for an expiry in the past or too far ahead. */
function columnsOf(input: QuoteInput, now: Date) {
  const expiresAt = parseExpiry(input.expiresAt)!;
  if (expiresAt.getTime() <= now.getTime())
    throw new HttpError(400, "expiresAt must be in the future");
  if (expiresAt.getTime() > now.getTime() + MAX_EXPIRY_DAYS * 86_400_000)
    throw new HttpError(400, `expiresAt must be within ${MAX_EXPIRY_DAYS} days`);
  if (input.referenceImage && !isShopImageUrl(input.referenceImage))
    throw new HttpError(400, "referenceImage: use an image uploaded to this shop");
  const shipping =
    input.shippingEstimate ?? shippingEstimatePaise(Math.round((input.shippingWeight ?? 0) * 1000));
  return {
    title: input.title,
    description: input.description,
    pricePaise: input.price,
    shippingEstimatePaise: shipping,
    dispatchMinDays: input.dispatchMinDays,
    dispatchMaxDays: input.dispatchMaxDays,
    stageSet: input.stageSet,
    referenceImage: input.referenceImage ?? "",
    expiresAt,
  };
}

async function lockInquiry(tx: Tx, id: string): Promise<InquiryRow> {
  const inquiry = await lockInquiryRow(tx, id);
  if (!inquiry) throw new HttpError(404, "Inquiry not found");
  return inquiry;
}

async function lockQuote(tx: Tx, id: string): Promise<QuoteRow> {
  const [quote] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.kind, "quote")))
    .for("update");
  if (!quote) throw new HttpError(404, "Quote not found");
  return quote;
}

export async function logQuoteEvent(
  db: DbOrTx,
  quoteId: string,
  kind: string,
  detail = "",
  orderId: string | null = null,
): Promise<void> {
  await db
    .insert(quoteEvents)
    .values({ id: randomUUID(), quoteId, kind, detail: detail.slice(0, 1000), orderId });
}

/** An inquiry and its quotes, oldest first; 404 when absent. */
export async function loadInquiryQuotes(
  db: Db,
  inquiryId: string,
  now = new Date(),
): Promise<InquiryQuotesJson> {
  const inquiry = await loadInquiryRow(db, inquiryId);
  if (!inquiry) throw new HttpError(404, "Inquiry not found");
  const rows = await db
    .select()
    .from(quotes)
    .where(eq(quotes.inquiryId, inquiryId))
    .orderBy(asc(quotes.createdAt), asc(quotes.id));
  const events = rows.length
    ? await db
        .select()
        .from(quoteEvents)
        .where(
          inArray(
            quoteEvents.quoteId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(quoteEvents.createdAt))
    : [];
  const { clientKey: _hidden, ...shown } = inquiry;
  return {
    inquiry: {
      ...shown,
      createdAt: inquiry.createdAt.toISOString(),
      updatedAt: inquiry.updatedAt.toISOString(),
    },
    quotes: rows.map((row) => quoteJson(row, now)),
    events: events.map((e) => ({
      quoteId: e.quoteId,
      kind: e.kind,
      detail: e.detail,
      orderId: e.orderId,
      at: e.createdAt.toISOString(),
    })),
  };
}

/** A quote that is still being offered (sent, not expired) or already paid blocks a new one. */
function liveOrPaid(rows: readonly QuoteRow[], now: Date): QuoteRow | undefined {
  return rows.find(
    (q) => q.status === "paid" || (q.status === "sent" && q.expiresAt.getTime() > now.getTime()),
  );
}

/** POST /v2/admin/inquiries/{id}/quotes: a draft (nothing is mailed yet). */
/** What the audit trail keeps of a quote: its terms and state, not the customer's details. */
function quoteTerms(row: QuoteRow): Record<string, unknown> {
  return {
    status: row.status,
    title: row.title,
    pricePaise: row.pricePaise,
    shippingEstimatePaise: row.shippingEstimatePaise,
    dispatchMinDays: row.dispatchMinDays,
    dispatchMaxDays: row.dispatchMaxDays,
    expiresAt: row.expiresAt.toISOString(),
  };
}

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
      .set({ ...columnsOf(input, now), updatedAt: now })
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
    const quote = await lockQuote(tx, id);
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
