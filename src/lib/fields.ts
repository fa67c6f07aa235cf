/**
 * The shop's field schemas, in zod/mini (docs/decisions/0010-zod-mini-shared-schemas.md), composed
 * into every form's and body's schema (docs/decisions/0063-field-schemas.md): one rule per kind of
 * field, so required text, an email or an amount is checked the same way on every form and
 * endpoint. A schema's messages are given by the caller where the product names the text; the
 * defaults are "{field} is required" and "{field} must be at most {max} characters".
 * Addresses (their PIN code and state rules) are the address module's: src/lib/address.schema.ts.
 */
import { z } from "zod/mini";
import { rupeesToPaise } from "./money";
import { normaliseIndianPhone } from "./phone";
import { MAX_WIRE_RUPEES } from "./wire-money";
import { controlCharacterMessage, hasControlCharacter, trimInvisible } from "./text";

export interface TextMessages {
  /** When the field is absent, not text, or blank once whitespace and invisible characters go. */
  required?: string;
  /** When it is longer than `max`. */
  tooLong?: string;
  /** A one-line field (a name, a phone, an address line): line breaks and tabs are refused too. */
  singleLine?: boolean;
}

/** Refuses control characters (src/lib/text.ts); a single-line field refuses line breaks too. */
export function noControlCharacters(field: string, singleLine = false) {
  return z.refine<string>(
    (v) => !hasControlCharacter(v, singleLine),
    controlCharacterMessage(field, singleLine),
  );
}

/**
 * Required text: whitespace and invisible characters (zero-width space and joiners, word joiner,
 * byte-order mark, soft hyphen) are trimmed from both ends, so text made only of them is blank
 * and refused; then 1..max characters, without control characters (BEL, BS, ESC...; line breaks
 * too when `singleLine`).
 */
export function requiredText(field: string, max: number, messages: TextMessages = {}) {
  const required = messages.required ?? `${field} is required`;
  return z
    .string({ error: required })
    .check(
      z.overwrite(trimInvisible),
      z.minLength(1, required),
      z.maxLength(max, messages.tooLong ?? `${field} must be at most ${max} characters`),
      noControlCharacters(field, messages.singleLine),
    );
}

/** Optional text, trimmed and checked the same way; may be empty. Wrap in z.optional / z._default. */
export function optionalText(field: string, max: number, tooLong?: string, singleLine = false) {
  return z
    .string({ error: `${field} must be text` })
    .check(
      z.overwrite(trimInvisible),
      z.maxLength(max, tooLong ?? `${field} must be at most ${max} characters`),
      noControlCharacters(field, singleLine),
    );
}

/** Looks like {name}@{domain}.{tld}: the product's "Invalid email" rule. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest address a mailbox can have (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

/** A required email: trimmed, "{required}" when blank, "{invalid}" when malformed or too long. */
export function emailField(messages: { required?: string; invalid?: string; max?: number } = {}) {
  const required = messages.required ?? "Email is required";
  const invalid = messages.invalid ?? "Invalid email";
  const max = messages.max ?? EMAIL_MAX;
  return z.string({ error: required }).check(
    z.overwrite(trimInvisible),
    z.minLength(1, required),
    // Blank is reported once, as required; anything else must look like an address.
    z.refine((v) => v === "" || (EMAIL_PATTERN.test(v) && v.length <= max), invalid),
  );
}

/** A person's name (first, last or whole): one line of required text, at most 100 characters. */
export function personName(field: string, messages: TextMessages = {}, max = 100) {
  return requiredText(field, max, { ...messages, singleLine: true });
}

/**
 * An Indian mobile number as typed ("98765 43210", "+91-98765-43210"): at most 40 characters and a
 * 10-digit number starting 6-9 once spaces, dashes and the +91 / 0 prefix go (./phone.ts). The
 * value stays as typed; the server stores normaliseIndianPhone's digits.
 */
export const MOBILE_ERROR = "Enter a 10-digit Indian mobile number.";
export function indianMobile(invalid = MOBILE_ERROR, required = invalid) {
  return z.string({ error: required }).check(
    z.maxLength(40, invalid),
    z.refine((v) => !hasControlCharacter(v, true) && normaliseIndianPhone(v) !== null, invalid),
  );
}

/**
 * Money: rupees on the wire (at most 2 decimals), integer paise here; the one conversion is
 * src/lib/wire-money.ts (readJson on the server, the API client in the browser). `min` is in paise:
 * 0 means "0 or more", 1 means "more than 0".
 */
export function paise(field: string, min = 0) {
  return z
    .number({ error: `${field} must be a number` })
    .check(
      z.int({ error: `${field} must have at most 2 decimals` }),
      z.gte(min, min > 0 ? `${field} must be more than 0` : `${field} must be 0 or more`),
    );
}

/** A whole number from `min` to `max` (grams, centimetres, days, counts), with its field's name. */
export function wholeNumber(field: string, min: number, max: number) {
  return z
    .number({ error: `${field} must be a number` })
    .check(
      z.int({ error: `${field} must be a whole number` }),
      z.gte(min, `${field} must be at least ${min}`),
      z.lte(max, `${field} must be at most ${max}`),
    );
}

/**
 * Rupees as typed ("1499", "1499.5", "1499.50"; at most 2 decimals, at most the wire's largest
 * amount) -> paise, through the one parser (rupeesToPaise in ./money.ts). For query strings and
 * text inputs; JSON bodies carry numbers (./wire-money.ts).
 */
export function rupeesText(field: string) {
  const message = `${field} must be an amount in rupees, such as 499 or 499.50`;
  const parse = (text: string) => {
    const amount = rupeesToPaise(text);
    return amount !== null && amount <= MAX_WIRE_RUPEES * 100 ? amount : null;
  };
  return z.pipe(
    z.string({ error: message }).check(z.refine((text) => parse(text) !== null, message)),
    z.transform((text: string) => parse(text) ?? Number.NaN),
  );
}

/** A route's {id} (a product, order, inquiry, quote or category): 1-120 characters, trimmed. */
export function idParam(what = "id") {
  return z
    .string({ error: `${what} is required` })
    .check(
      z.overwrite(trimInvisible),
      z.minLength(1, `${what} is required`),
      z.maxLength(120, `${what} must be at most 120 characters`),
    );
}

/** A client's idempotency key (checkout, quote pay): 8-100 letters, digits, '_' or '-'. */
export const idempotencyKey = z
  .string({ error: "idempotency_key must be text" })
  .check(
    z.minLength(8, "idempotency_key must be at least 8 characters"),
    z.maxLength(100, "idempotency_key must be at most 100 characters"),
    z.regex(/^[A-Za-z0-9_-]+$/, "use letters, digits, _ and - only"),
  );
