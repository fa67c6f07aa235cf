/**
 * The quote editor's pure logic: the form's text fields -> the quote body (paise; the API client
 * sends rupees), checked with the one quote schema (quotes.schema.ts) the server uses.
 */
import { rupeesToPaise } from "../../../lib/money";
import { quoteInput, type QuoteInput } from "../quotes.schema";
import type { QuoteJson } from "../quotes";

export interface QuoteForm {
  title: string;
  description: string;
  price: string;
  shippingMode: "weight" | "figure";
  shippingWeight: string;
  shippingEstimate: string;
  dispatchMinDays: string;
  dispatchMaxDays: string;
  stageSet: "custom" | "varmala";
  referenceImage: string;
  expiresAt: string;
}

export function emptyQuoteForm(now = new Date()): QuoteForm {
  const in14 = new Date(now.getTime() + 14 * 86_400_000).toISOString().slice(0, 10);
  return {
    title: "",
    description: "",
    price: "",
    shippingMode: "weight",
    shippingWeight: "0.5",
    shippingEstimate: "",
    dispatchMinDays: "5",
    dispatchMaxDays: "20",
    stageSet: "custom",
    referenceImage: "",
    expiresAt: in14,
  };
}

export function formFromQuote(q: QuoteJson): QuoteForm {
  return {
    title: q.title,
    description: q.description,
    price: String(q.price / 100),
    shippingMode: "figure",
    shippingWeight: "",
    shippingEstimate: String(q.shippingEstimate / 100),
    dispatchMinDays: String(q.dispatchMinDays),
    dispatchMaxDays: String(q.dispatchMaxDays),
    stageSet: q.stageSet,
    referenceImage: q.referenceImage,
    expiresAt: q.expiresAt.slice(0, 10),
  };
}

/** The body, or the first problem as a sentence. */
export function quoteBodyOf(
  form: QuoteForm,
): { ok: true; body: QuoteInput } | { ok: false; error: string } {
  const price = rupeesToPaise(form.price);
  if (price === null)
    return { ok: false, error: "price must be an amount in rupees, such as 4500 or 4500.50" };
  const candidate: Record<string, unknown> = {
    title: form.title,
    description: form.description,
    price,
    dispatchMinDays: Number(form.dispatchMinDays),
    dispatchMaxDays: Number(form.dispatchMaxDays),
    stageSet: form.stageSet,
    referenceImage: form.referenceImage,
    expiresAt: form.expiresAt,
  };
  if (form.shippingMode === "weight") candidate.shippingWeight = Number(form.shippingWeight);
  else {
    const estimate = rupeesToPaise(form.shippingEstimate);
    if (estimate === null) return { ok: false, error: "shipping must be an amount in rupees" };
    candidate.shippingEstimate = estimate;
  }
  const parsed = quoteInput.safeParse(candidate);
  if (!parsed.success)
    return { ok: false, error: parsed.error.issues[0]?.message ?? "check the quote" };
  return { ok: true, body: parsed.data };
}
