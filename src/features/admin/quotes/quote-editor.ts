/**
 * The quote editor's pure logic: the form's text fields -> the quote body (paise; the API client
 * sends rupees), checked field by field with messages that name each field as the form labels it,
 * then with the one quote schema (custom/quotes.schema.ts) the server uses. QuoteEditor hands
 * `quoteResolver` to react-hook-form (decision 0017), so every problem sits under its field.
 */
import type { FieldErrors, Resolver } from "react-hook-form";
import { addDays, indiaDay } from "~/lib/dates";
import { rupeesToPaise } from "~/lib/money";
import type { QuoteJson } from "~/features/custom/quotes";
import { DISPATCH_RULES, quoteInput, type QuoteInput } from "~/features/custom/quotes.schema";

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
  /** The product whose personalisation fields the customer fills (decision 0266); "" for none. */
  personalisationProductId: string;
}

/** The form's labels, which its messages use. */
export const QUOTE_LABELS = {
  title: "Title",
  description: "Description",
  price: "Price (₹)",
  shippingMode: "Shipping estimate",
  shippingWeight: "Weight (kg)",
  shippingEstimate: "Shipping (₹)",
  stageSet: "Piece",
  dispatchMinDays: "Dispatch from (days)",
  dispatchMaxDays: "to (days)",
  expiresAt: "Expires on",
  referenceImage: "Reference image",
  personalisationProductId: "Personalisation fields of",
} as const satisfies Record<keyof QuoteForm, string>;

/** The shipping estimate's choices: docs/product.md §9's weight tiers, or a figure the owner types. */
export const SHIPPING_MODES = [
  { value: "weight", label: "By weight (standard rates)" },
  { value: "figure", label: "A figure I type" },
] as const;

export function emptyQuoteForm(now = new Date()): QuoteForm {
  // Fourteen days from today in India: the server reads a day as its end in India time.
  const in14 = addDays(indiaDay(now), 14);
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
    personalisationProductId: "",
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
    expiresAt: indiaDay(new Date(q.expiresAt)),
    personalisationProductId: q.personalisationProductId ?? "",
  };
}

/** Each piece's usual dispatch window (docs/product.md §9: 5-20 days; a varmala at least 20). */
export const PIECE_DAYS = {
  custom: { min: DISPATCH_RULES.customMin, max: DISPATCH_RULES.customMax },
  varmala: { min: DISPATCH_RULES.varmalaMin, max: DISPATCH_RULES.varmalaMin + 10 },
} as const;

/**
 * When the owner changes the piece: the piece's usual window if the days shown do not fit it
 * (a custom piece's 5-20 under a varmala), or null to keep what the owner typed.
 */
export function dispatchDaysFor(
  stageSet: QuoteForm["stageSet"],
  shown: Pick<QuoteForm, "dispatchMinDays" | "dispatchMaxDays">,
): Pick<QuoteForm, "dispatchMinDays" | "dispatchMaxDays"> | null {
  const min = wholeDays(shown.dispatchMinDays);
  const max = wholeDays(shown.dispatchMaxDays);
  const fits =
    min !== null &&
    max !== null &&
    min <= max &&
    (stageSet === "varmala"
      ? min >= DISPATCH_RULES.varmalaMin
      : min >= DISPATCH_RULES.customMin && max <= DISPATCH_RULES.customMax);
  if (fits) return null;
  const days = PIECE_DAYS[stageSet];
  return { dispatchMinDays: String(days.min), dispatchMaxDays: String(days.max) };
}

type FieldProblems = Partial<Record<keyof QuoteForm, string>>;

const wholeDays = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text) : null);

/** The problems a person can fix, each under its field, before the schema sees the body. */
function fieldProblems(form: QuoteForm): FieldProblems {
  const problems: FieldProblems = {};
  if (!form.title.trim()) problems.title = `${QUOTE_LABELS.title} is required`;
  const price = rupeesToPaise(form.price);
  if (!form.price.trim()) problems.price = `${QUOTE_LABELS.price} is required`;
  else if (price === null || price <= 0)
    problems.price = `${QUOTE_LABELS.price}: an amount in rupees above 0, such as 4500 or 4500.50`;
  if (form.shippingMode === "weight") {
    const kg = Number(form.shippingWeight);
    if (!form.shippingWeight.trim() || !Number.isFinite(kg) || kg <= 0 || kg > 1000)
      problems.shippingWeight = `${QUOTE_LABELS.shippingWeight}: a weight above 0, such as 0.5`;
  } else if (rupeesToPaise(form.shippingEstimate) === null) {
    problems.shippingEstimate = `${QUOTE_LABELS.shippingEstimate}: an amount in rupees, such as 250`;
  }
  const min = wholeDays(form.dispatchMinDays);
  const max = wholeDays(form.dispatchMaxDays);
  if (min === null || min < 1)
    problems.dispatchMinDays = `${QUOTE_LABELS.dispatchMinDays}: a whole number of days`;
  if (max === null || max < 1)
    problems.dispatchMaxDays = `${QUOTE_LABELS.dispatchMaxDays}: a whole number of days`;
  if (min !== null && max !== null && !problems.dispatchMinDays && !problems.dispatchMaxDays) {
    if (max < min) problems.dispatchMaxDays = "Must not be before the first day";
    else if (form.stageSet === "varmala" && min < DISPATCH_RULES.varmalaMin)
      problems.dispatchMinDays = `A varmala keepsake takes at least ${DISPATCH_RULES.varmalaMin} days`;
    else if (
      form.stageSet === "custom" &&
      (min < DISPATCH_RULES.customMin || max > DISPATCH_RULES.customMax)
    )
      problems.dispatchMaxDays = `A custom piece is dispatched in ${DISPATCH_RULES.customMin}-${DISPATCH_RULES.customMax} days`;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.expiresAt))
    problems.expiresAt = `${QUOTE_LABELS.expiresAt}: choose a date`;
  return problems;
}

/** Where a schema issue belongs on the form (refinements without a path go by what they name). */
function fieldOf(path: readonly PropertyKey[], message: string): keyof QuoteForm {
  const key = String(path[0] ?? "");
  if (key in QUOTE_LABELS) return key as keyof QuoteForm;
  if (/shipping/i.test(message)) return "shippingEstimate";
  if (/expires/i.test(message)) return "expiresAt";
  return "dispatchMaxDays";
}

/** The body, or every problem by field (and the first one as a sentence). */
export function quoteBodyOf(
  form: QuoteForm,
): { ok: true; body: QuoteInput } | { ok: false; error: string; fields: FieldProblems } {
  const problems = fieldProblems(form);
  const first = Object.values(problems)[0];
  if (first) return { ok: false, error: first, fields: problems };
  const candidate: Record<string, unknown> = {
    title: form.title,
    description: form.description,
    price: rupeesToPaise(form.price),
    dispatchMinDays: Number(form.dispatchMinDays),
    dispatchMaxDays: Number(form.dispatchMaxDays),
    stageSet: form.stageSet,
    referenceImage: form.referenceImage,
    expiresAt: form.expiresAt,
    personalisationProductId: form.personalisationProductId,
  };
  if (form.shippingMode === "weight") candidate.shippingWeight = Number(form.shippingWeight);
  else candidate.shippingEstimate = rupeesToPaise(form.shippingEstimate);
  const parsed = quoteInput.safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  const fields: FieldProblems = {};
  for (const issue of parsed.error.issues)
    fields[fieldOf(issue.path, issue.message)] ??= issue.message;
  return { ok: false, error: parsed.error.issues[0]?.message ?? "Check the quote", fields };
}

/** react-hook-form's resolver over quoteBodyOf: the form's values stay text. */
export const quoteResolver: Resolver<QuoteForm> = async (values) => {
  const checked = quoteBodyOf(values);
  if (checked.ok) return { values, errors: {} };
  const errors: FieldErrors<QuoteForm> = {};
  for (const [name, message] of Object.entries(checked.fields))
    errors[name as keyof QuoteForm] = { type: "validate", message };
  return { values: {}, errors };
};
