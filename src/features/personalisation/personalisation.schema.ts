/**
 * The schemas of personalisation (docs/decisions/0229-personalisation-fields.md), zod/mini so the
 * product page stays small:
 * - `fieldListInput`: the owner's field list (the product form and POST/PUT /v2/products);
 * - `valuesSchema(fields)`: THE one schema of a shopper's values, built from a product's field list.
 *   The product page (before Add to cart), the cart add, the guest-cart merge, create-order and the
 *   quote payment all parse with it, so every refusal reads the same: the field's own sentence.
 */
import * as z from "zod/mini";
import { trimInvisible } from "~/lib/text";
import {
  FIELD_KINDS,
  FIELD_LIMITS,
  PHOTO_SHAPES,
  SHOP_FONTS,
  TEXT_SCRIPTS,
  indiaToday,
  type PersonalisationField,
  type PersonalisationValues,
  type TextField,
  type TextScript,
} from "./personalisation";

// ---------------------------------------------------------------------------------------------
// The owner's field list
// ---------------------------------------------------------------------------------------------

const label = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .check(
      z.overwrite(trimInvisible),
      z.minLength(1, `${what} is required`),
      z.maxLength(max, `${what} must be at most ${max} characters`),
    );

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a number` })
    .check(
      z.int({ error: `${what} must be a whole number` }),
      z.gte(min, `${what} must be ${min} or more`),
      z.lte(max, `${what} must be at most ${max}`),
    );

const base = {
  id: z
    .string()
    .check(
      z.regex(/^[a-z0-9-]{1,40}$/, "A field id is 1 to 40 lowercase letters, digits or hyphens"),
    ),
  label: label("Field label", FIELD_LIMITS.label),
  help: z
    .string()
    .check(
      z.overwrite(trimInvisible),
      z.maxLength(FIELD_LIMITS.help, `Help line must be at most ${FIELD_LIMITS.help} characters`),
    ),
  required: z.boolean(),
  price: whole("Field price (₹)", 0, FIELD_LIMITS.price),
};

const textFieldInput = z.object({
  ...base,
  kind: z.literal("text"),
  maxLength: whole("Max length", 1, FIELD_LIMITS.textMax),
  multiline: z.boolean(),
  scripts: z
    .array(z.enum(TEXT_SCRIPTS, { error: "Unknown character set" }))
    .check(z.minLength(1, "Choose at least one kind of character the text may use")),
  preview: z.boolean(),
});

const choiceFieldInput = z.object({
  ...base,
  kind: z.literal("choice"),
  options: z
    .array(
      z.object({
        label: label("Option label", FIELD_LIMITS.optionLabel),
        swatch: z
          .string()
          .check(z.regex(/^(#[0-9a-fA-F]{6})?$/, "A swatch colour is like #c9a227")),
        font: z
          .string()
          .check(
            z.refine(
              (id) => id === "" || SHOP_FONTS.some((font) => font.id === id),
              "Unknown font",
            ),
          ),
      }),
    )
    .check(
      z.minLength(1, "A choice needs at least one option"),
      z.maxLength(FIELD_LIMITS.options, `A choice has at most ${FIELD_LIMITS.options} options`),
      z.refine(
        (options) => new Set(options.map((o) => o.label)).size === options.length,
        "Two options of a choice have the same label",
      ),
    ),
});

const dateFieldInput = z.object({
  ...base,
  kind: z.literal("date"),
  notFuture: z.boolean(),
});

const photoFieldInput = z.object({
  ...base,
  kind: z.literal("photo"),
  maxPhotos: whole("Most photos", 1, FIELD_LIMITS.photos),
  minWidth: whole("Smallest width (px)", 0, FIELD_LIMITS.pixels),
  minHeight: whole("Smallest height (px)", 0, FIELD_LIMITS.pixels),
  shape: z.enum(PHOTO_SHAPES, { error: "Unknown crop shape" }),
  aspect: z
    .number({ error: "Aspect ratio must be a number" })
    .check(z.gte(0.2, "Aspect ratio is 0.2 to 5"), z.lte(5, "Aspect ratio is 0.2 to 5")),
});

export const fieldInput = z.discriminatedUnion(
  "kind",
  [textFieldInput, choiceFieldInput, dateFieldInput, photoFieldInput],
  { error: `A field's kind is one of ${FIELD_KINDS.join(", ")}` },
);

/** The owner's ordered field list. */
export const fieldListInput = z.array(fieldInput).check(
  z.maxLength(FIELD_LIMITS.fields, `A product has at most ${FIELD_LIMITS.fields} fields`),
  z.refine(
    (fields) => new Set(fields.map((f) => f.id)).size === fields.length,
    "Two personalisation fields have the same id",
  ),
);

/** A stored field list, read leniently: a list that no longer parses counts as none. */
export function readFieldList(value: unknown): PersonalisationField[] {
  const parsed = fieldListInput.safeParse(value ?? []);
  return parsed.success ? (parsed.data as PersonalisationField[]) : [];
}

// ---------------------------------------------------------------------------------------------
// A shopper's values
// ---------------------------------------------------------------------------------------------

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\uFE0F/u;
const SCRIPT_CHARS: Record<TextScript, string> = {
  latin: "A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u017F",
  devanagari: "\\u0900-\\u0963\\u0966-\\u097F\\u200C\\u200D\\uA8E0-\\uA8FF",
  digits: "0-9\\u0966-\\u096F",
  punctuation: ".,'&!?()/:\\-\\u2019\\u0964\\u0965",
};
const SCRIPT_NAMES: Record<TextScript, string> = {
  latin: "English letters",
  devanagari: "Hindi (Devanagari) letters",
  digits: "digits",
  punctuation: "the marks . , ' & ! ? ( ) / : -",
};

/** The sentence a text refuses with, or null when it may be printed. */
export function textProblem(field: TextField, text: string): string | null {
  if (EMOJI.test(text))
    return `"${field.label}" cannot include emoji: we print letters in resin, not pictures. Please remove them.`;
  if (!field.multiline && /[\r\n]/.test(text))
    return `"${field.label}" is one line: please remove the line breaks.`;
  const allowed = new RegExp(`^[ \\r\\n${field.scripts.map((s) => SCRIPT_CHARS[s]).join("")}]*$`);
  if (!allowed.test(text)) {
    const bad = [...text].find((ch) => !allowed.test(ch)) ?? "";
    const names = field.scripts.map((s) => SCRIPT_NAMES[s]).join(", ");
    return `"${field.label}" may use only ${names} and spaces; "${bad}" is not one of them.`;
  }
  const length = [...text].length;
  if (length > field.maxLength)
    return `"${field.label}" must be at most ${field.maxLength} characters (now ${length}).`;
  return null;
}

/** The field's own sentence when it is required and empty. */
export function requiredMessage(field: PersonalisationField): string {
  if (field.kind === "choice") return `Please choose ${field.label}.`;
  if (field.kind === "photo") return `Please add a photo for "${field.label}".`;
  return `Please fill in "${field.label}".`;
}

function fieldSchema(field: PersonalisationField, today: string) {
  if (field.kind === "photo") {
    return z
      .array(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,80}$/, "Unknown photo")), {
        error: `Please add a photo for "${field.label}".`,
      })
      .check(
        z.refine((ids) => !field.required || ids.length > 0, requiredMessage(field)),
        z.maxLength(
          field.maxPhotos,
          `"${field.label}" takes at most ${field.maxPhotos} photo${field.maxPhotos === 1 ? "" : "s"}.`,
        ),
        z.refine((ids) => new Set(ids).size === ids.length, `The same photo is there twice.`),
      );
  }
  const text = z.string({ error: requiredMessage(field) }).check(
    z.overwrite((v) => (field.kind === "text" && field.multiline ? v : trimInvisible(v))),
    z.overwrite((v) => v.replace(/^\s+|\s+$/g, "")),
    z.refine((v) => !field.required || v !== "", requiredMessage(field)),
  );
  if (field.kind === "choice")
    return text.check(
      z.refine(
        (v) => v === "" || field.options.some((o) => o.label === v),
        `"${field.label}" has no such option any more; please choose again.`,
      ),
    );
  if (field.kind === "date")
    return text.check(
      z.refine(
        (v) => v === "" || isRealDate(v),
        `"${field.label}" needs a date such as 2026-02-14.`,
      ),
      z.refine(
        (v) => v === "" || !field.notFuture || v <= today,
        `"${field.label}" cannot be a date in the future.`,
      ),
    );
  return text.check(
    z.superRefine((v, ctx) => {
      const problem = v === "" ? null : textProblem(field, v);
      if (problem) ctx.addIssue({ code: "custom", message: problem, input: v });
    }),
  );
}

function isRealDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
}

/**
 * The one schema of a shopper's values for this field list. Unknown field ids are dropped; a
 * missing optional field is empty. `today` (India) decides "not in the future" (tests pass one).
 */
export function valuesSchema(fields: readonly PersonalisationField[], today = indiaToday()) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const field of fields) {
    const empty = field.kind === "photo" ? [] : "";
    shape[field.id] = field.required
      ? z.pipe(
          z.transform((v: unknown) => v ?? empty),
          fieldSchema(field, today),
        )
      : z._default(fieldSchema(field, today), empty as never);
  }
  return z.object(shape, { error: "personalisation must be an object of field id -> value" });
}

export type ValuesResult =
  | { ok: true; values: PersonalisationValues }
  | { ok: false; errors: Record<string, string>; message: string };

/** Parses values against a field list: the values kept, or each field's sentence (first one as `message`). */
export function checkValues(
  fields: readonly PersonalisationField[],
  input: unknown,
  today?: string,
): ValuesResult {
  const parsed = valuesSchema(fields, today).safeParse(input ?? {});
  if (parsed.success) return { ok: true, values: parsed.data as PersonalisationValues };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "");
    if (!(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, errors, message: parsed.error.issues[0]?.message ?? "Check your entries." };
}
