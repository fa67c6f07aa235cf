/**
 * A quote's row and how it is read (decision 0045): its JSON, its lock, the columns a quote body
 * sets, what the audit trail keeps of it, its event log and an inquiry's quotes. The writes are in
 * quotes.server.ts.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "~/server/db/client";
import { quoteEvents, quotes } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { loadInquiryRow } from "~/features/inquiries/inquiry-records.server";
import { isShopImageUrl } from "~/features/media/uploaded-url.server";
import { shippingEstimatePaise } from "~/features/shipping/estimate-tiers";
import { parseExpiry, type QuoteInput } from "./quotes.schema";
import { effectiveStatus, type InquiryQuotesJson, type QuoteJson } from "./quotes";
import { DAY_MS } from "~/lib/dates";

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
    personalisationProductId: row.personalisationProductId,
    personalisationFields: row.personalisationFields,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The columns a quote body sets; 400 for an expiry in the past or too far ahead. */
export function columnsOf(input: QuoteInput, now: Date) {
  const expiresAt = parseExpiry(input.expiresAt)!;
  if (expiresAt.getTime() <= now.getTime())
    throw new HttpError(400, "expiresAt must be in the future");
  if (expiresAt.getTime() > now.getTime() + MAX_EXPIRY_DAYS * DAY_MS)
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

/** A quote's row locked; a payment link (kind shipping) only where the caller says so. */
export async function lockQuote(
  tx: Tx,
  id: string,
  kinds: readonly QuoteRow["kind"][] = ["quote"],
): Promise<QuoteRow> {
  const [quote] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), inArray(quotes.kind, [...kinds])))
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
export function liveOrPaid(rows: readonly QuoteRow[], now: Date): QuoteRow | undefined {
  return rows.find(
    (q) => q.status === "paid" || (q.status === "sent" && q.expiresAt.getTime() > now.getTime()),
  );
}

/** What the audit trail keeps of a quote: its terms and state, not the customer's details. */
export function quoteTerms(row: QuoteRow): Record<string, unknown> {
  return {
    status: row.status,
    title: row.title,
    pricePaise: row.pricePaise,
    shippingEstimatePaise: row.shippingEstimatePaise,
    dispatchMinDays: row.dispatchMinDays,
    dispatchMaxDays: row.dispatchMaxDays,
    expiresAt: row.expiresAt.toISOString(),
    personalisationProductId: row.personalisationProductId,
  };
}
