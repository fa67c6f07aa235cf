/**
 * The discount code form's values as typed (text inputs, India-time dates, rupees) and the body they
 * make (docs/decisions/0095): pure, so the form and its test share it. The body is checked with the
 * handler's own schema (discount-form.schema.ts) before it is sent.
 */
import { rupeesToPaise } from "../../../lib/money";
import { paiseToRupeeString } from "../../../lib/money";
import type { DiscountCodeInput } from "./discount-form.schema";
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
  /** Product ids, one per line or separated by commas. */
  productIds: string;
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
  productIds: "",
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
    productIds: code.productIds.join("\n"),
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
    productIds: values.productIds
      .split(/[\s,]+/)
      .map((id) => id.trim())
      .filter(Boolean),
    categoryIds: values.categoryIds,
    active: values.active,
    forQuotes: values.forQuotes,
  };
}
