/**
 * The quotes area's calls (custom work, docs/decisions/0045-custom-work-quotes.md), on the portal's
 * one API client: an inquiry with its quotes, and the quote's draft, send, revise and withdraw.
 * Answer types: custom/quotes.ts, which the server's code returns too.
 */
import type { Product } from "~/features/catalogue/catalogue";
import type { InquiryQuotesJson, QuoteJson } from "~/features/custom/quotes";
import type { QuoteInput } from "~/features/custom/quotes.schema";
import { adminGet, adminPost, adminPut } from "~/features/admin/shell/admin-api";

const quotePath = (id: string) => `/v2/admin/quotes/${encodeURIComponent(id)}`;

export function fetchInquiryQuotes(
  inquiryId: string,
  signal?: AbortSignal,
): Promise<InquiryQuotesJson> {
  return adminGet<InquiryQuotesJson>(
    `/v2/admin/inquiries/${encodeURIComponent(inquiryId)}/quotes`,
    { signal },
  );
}

export function createQuoteDraft(inquiryId: string, body: QuoteInput): Promise<QuoteJson> {
  return adminPost<QuoteJson>(`/v2/admin/inquiries/${encodeURIComponent(inquiryId)}/quotes`, body);
}

export function saveQuoteDraft(id: string, body: QuoteInput): Promise<QuoteJson> {
  return adminPut<QuoteJson>(quotePath(id), body);
}

/** Sends a revised quote in place of a sent one; answers it and its new link. */
export function reviseQuote(
  id: string,
  body: QuoteInput,
): Promise<{ quote: QuoteJson; link: string }> {
  return adminPost<{ quote: QuoteJson; link: string }>(`${quotePath(id)}/revise`, body);
}

/** send answers { quote, link }; withdraw answers the quote. */
export function quoteAction(
  id: string,
  action: "send" | "withdraw",
): Promise<{ quote?: QuoteJson; link?: string }> {
  return adminPost<{ quote?: QuoteJson; link?: string }>(`${quotePath(id)}/${action}`);
}

/** The products whose personalisation fields a quote can carry (decision 0266): id and name. */
export async function fetchPersonalisedProducts(
  signal?: AbortSignal,
): Promise<{ id: string; name: string; fields: number }[]> {
  const products = await adminGet<Product[]>("/v2/products?limit=0&offset=0", { signal });
  return products
    .filter((p) => (p.personalisation?.length ?? 0) > 0)
    .map((p) => ({ id: p.id, name: p.name, fields: p.personalisation!.length }));
}
