/**
 * The discount code form's values as typed (text inputs, India-time dates, rupees) and the body they
 * make (docs/decisions/0095): pure, so the form and its test share it. The body is checked with the
 * handler's own schema (discount-form.schema.ts) by the form's resolver before it is sent.
 */
import type { FieldErrors, Resolver } from "react-hook-form";
import * as z from "zod/mini";
import { paiseToRupeeString, rupeesToPaise } from "~/lib/money";
import { discountCodeBody, type DiscountCodeInput } from "./discount-form.schema";
import { type AdminDiscountCode, indiaInputToIso, isoToIndiaInput } from "./discounts-admin";

export interface DiscountFormValues {
  code: string;
  kind: "percent" | "fixed";
  percent: string;
  amount: string;
  minimumOrder: string;
  maximumDiscount: string;
  startsAt: string;
  endsAt: string;
  totalUses: string;
  usesPerShopper: string;
  productIds: string[];
  categoryIds: string[];
  active: boolean;
  forQuotes: boolean;
}

export const EMPTY_DISCOUNT: DiscountFormValues = {
  code: "",
  kind: "percent",
  percent: "10",
  amount: "",
  minimumOrder: "",
  maximumDiscount: "",
  startsAt: "",
  endsAt: "",
  totalUses: "",
  usesPerShopper: "",
  productIds: [],
  categoryIds: [],
  active: true,
  forQuotes: false,
};

export function formValuesOf(code: AdminDiscountCode): DiscountFormValues {
  const rupees = (p: number | null) => (p ? paiseToRupeeString(p) : "");
  return {
    code: code.code,
    kind: code.kind,
    percent: code.kind === "percent" ? String(code.percent) : "",
    amount: code.kind === "fixed" ? rupees(code.amount) : "",
    minimumOrder: rupees(code.minimumOrder),
    maximumDiscount: rupees(code.maximumDiscount),
    startsAt: isoToIndiaInput(code.startsAt),
    endsAt: isoToIndiaInput(code.endsAt),
    totalUses: code.totalUses ? String(code.totalUses) : "",
    usesPerShopper: code.usesPerShopper ? String(code.usesPerShopper) : "",
    productIds: [...code.productIds],
    categoryIds: [...code.categoryIds],
    active: code.active,
    forQuotes: code.forQuotes,
  };
}

/** Text -> number for the schema to judge ("" -> the field's empty value; junk -> NaN, refused there). */
const money = (text: string, empty: number | null) =>
  text.trim() === "" ? empty : (rupeesToPaise(text.trim()) ?? Number.NaN);
const whole = (text: string) => (text.trim() === "" ? null : Number(text.trim()));

export function bodyOf(values: DiscountFormValues): DiscountCodeInput {
  return {
    code: values.code,
    kind: values.kind,
    percent: values.kind === "percent" ? Number(values.percent || Number.NaN) : 0,
    amount: values.kind === "fixed" ? (money(values.amount, 0) as number) : 0,
    minimumOrder: money(values.minimumOrder, 0) as number,
    maximumDiscount: values.kind === "percent" ? money(values.maximumDiscount, null) : null,
    startsAt: indiaInputToIso(values.startsAt),
    endsAt: indiaInputToIso(values.endsAt),
    totalUses: whole(values.totalUses),
    usesPerShopper: whole(values.usesPerShopper),
    productIds: values.productIds,
    categoryIds: values.categoryIds,
    active: values.active,
    forQuotes: values.forQuotes,
  };
}

/** react-hook-form's resolver (decision 0064, as the quote editor's): the values stay text, the body is judged by the handler's schema. */
export const discountResolver: Resolver<DiscountFormValues> = async (values) => {
  const parsed = z.safeParse(discountCodeBody, bodyOf(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<DiscountFormValues> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? "code") as keyof DiscountFormValues;
    errors[name] ??= { type: "validate", message: issue.message };
  }
  return { values: {}, errors };
};
