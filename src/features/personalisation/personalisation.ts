/**
 * Personalisation (docs/decisions/0229-personalisation-fields.md): the fields the owner defines per
 * product (text, choice, date, photo) and what a shopper fills in. Pure types and rules shared by
 * the browser and the server; the zod schemas built from a field list are personalisation.schema.ts.
 * Amounts are integer paise (`price` is money on the wire: src/lib/wire-money.ts converts it).
 */

import type {
  PersonalisationField,
  PersonalisationValues,
  PersonalisedValue,
} from "~/lib/personalisation-types";

export * from "~/lib/personalisation-types";

/** The fonts the shop ships in public/fonts (docs/personalisation.md says where they come from). */
export const SHOP_FONTS = [
  { id: "serif", label: "Classic serif", css: "Georgia, 'Noto Serif', serif" },
  { id: "sans", label: "Clean sans", css: "'Noto Sans', 'Noto Sans Devanagari', sans-serif" },
  { id: "script", label: "Handwritten", css: "'Segoe Script', 'Brush Script MT', cursive" },
] as const;

export function fontCss(id: string): string {
  return SHOP_FONTS.find((font) => font.id === id)?.css ?? SHOP_FONTS[0].css;
}

/** True when the shopper filled the field (its add-on price applies). */
export function isFilled(value: string | string[] | undefined): boolean {
  if (value === undefined) return false;
  return Array.isArray(value) ? value.length > 0 : value.trim() !== "";
}

/** The add-on of the filled fields, paise. */
export function addOnPrice(
  fields: readonly PersonalisationField[],
  values: PersonalisationValues,
): number {
  return fields.reduce((sum, field) => sum + (isFilled(values[field.id]) ? field.price : 0), 0);
}

/** The filled fields in the owner's order, as a line keeps them. */
export function toPersonalised(
  fields: readonly PersonalisationField[],
  values: PersonalisationValues,
): PersonalisedValue[] {
  const out: PersonalisedValue[] = [];
  for (const field of fields) {
    const value = values[field.id];
    if (!isFilled(value)) continue;
    if (field.kind === "photo")
      out.push({
        id: field.id,
        label: field.label,
        kind: "photo",
        value: "",
        photos: [...(value as string[])],
      });
    else out.push({ id: field.id, label: field.label, kind: field.kind, value: value as string });
  }
  return out;
}

/** The values again from what a line keeps (correcting a line, "Order again"). */
export function toValues(personalised: readonly PersonalisedValue[]): PersonalisationValues {
  const values: PersonalisationValues = {};
  for (const item of personalised) values[item.id] = item.photos ? [...item.photos] : item.value;
  return values;
}

/** 64 bits of two FNV-1a lanes, hex: short, stable in the browser and on the server. */
function hash64(input: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
    b ^= b >>> 15;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/**
 * The part of a line's key that tells personalisations apart ("" when none): two lines of the same
 * product and options with different personalisation are two lines, never merged.
 */
export function personalisationKey(personalised: readonly PersonalisedValue[]): string {
  if (personalised.length === 0) return "";
  const canonical = [...personalised]
    .sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
    .map((item) => [item.id, item.value, item.photos ?? []]);
  return `p${hash64(JSON.stringify(canonical))}`;
}

/** "Name: Sharma family", "Photo: 2 photos": one short line each (drawer, mails, invoice). */
export function describePersonalised(personalised: readonly PersonalisedValue[]): string[] {
  return personalised.map((item) =>
    item.kind === "photo"
      ? `${item.label}: ${item.photos?.length ?? 0} photo${item.photos?.length === 1 ? "" : "s"}`
      : `${item.label}: ${item.value}`,
  );
}

/** Today in India, "YYYY-MM-DD" (date fields that may not be in the future). */
export function indiaToday(now = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** The filled values as a line keeps them, without labels (enough for the line's key). */
function valuesList(values: PersonalisationValues): PersonalisedValue[] {
  return Object.entries(values)
    .filter(([, value]) => isFilled(value))
    .map(([id, value]) =>
      Array.isArray(value)
        ? { id, label: "", kind: "photo" as const, value: "", photos: [...value] }
        : { id, label: "", kind: "text" as const, value },
    );
}

/** The key of values as a shopper sent them: equal to personalisationKey of the line they make. */
export function valuesKey(values: PersonalisationValues): string {
  return personalisationKey(valuesList(values));
}

/** A cart line's full key: the variant key, then the personalisation's when there is one. */
export function lineKey(variantKey: string, personalisation: string): string {
  return personalisation ? `${variantKey}|${personalisation}` : variantKey;
}
