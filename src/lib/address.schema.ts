/**
 * The one address schema of the shop (zod/mini, decision 0010): the account's address editor and
 * POST/PUT /v2/users/profile-address, the quote page's typed address and POST /v2/quotes/{t}/pay.
 * Its pieces (PIN code, state, country) are exported for other forms to compose. Written addresses
 * must name a listed state and a PIN code; stored ones read as they are
 * (docs/decisions/0060-one-address.md). Messages follow docs/product.md §5 Address save ("{field} required").
 */
import { z } from "zod/mini";
import { ADDRESS_LIMITS, DEFAULT_COUNTRY, PIN_PATTERN } from "./address";
import { findIndianState } from "./india-states";
import { controlCharacterMessage, hasControlCharacter, trimInvisible } from "./text";

/** An address field is one line: no line breaks, no control characters (src/lib/text.ts). */
const oneLine = (label: string) =>
  z.refine<string>((v) => !hasControlCharacter(v, true), controlCharacterMessage(label, true));

/** Required text: trimmed (invisible characters too), "{label} required", at most `max`, one line. */
const required = (label: string, max: number) =>
  z
    .string({ error: `${label} required` })
    .check(
      z.overwrite(trimInvisible),
      z.minLength(1, `${label} required`),
      z.maxLength(max, `${label}: at most ${max} characters`),
      oneLine(label),
    );

/** Optional text: trimmed, "" when absent, one line. */
const optional = (label: string, max: number) =>
  z._default(
    z
      .string()
      .check(
        z.overwrite(trimInvisible),
        z.maxLength(max, `${label}: at most ${max} characters`),
        oneLine(label),
      ),
    "",
  );

export const PIN_MESSAGE = "ZIP code must be a 6-digit PIN code that does not start with 0";
export const STATE_MESSAGE = "State: choose one of India's states or union territories";
export const COUNTRY_MESSAGE = "Country: we deliver within India only";

/** A PIN code: spaces taken out ("302 001"), six digits, not starting with 0. */
export const pinCodeSchema = z.string({ error: "ZIP code required" }).check(
  z.overwrite((v) => trimInvisible(v).replace(/\s+/g, "")),
  z.minLength(1, "ZIP code required"),
  z.refine((v) => v === "" || PIN_PATTERN.test(v), PIN_MESSAGE),
);

/** A state or union territory of the list, stored under the list's spelling ("delhi" -> "Delhi"). */
export const indianStateSchema = z.string({ error: "State required" }).check(
  z.overwrite(trimInvisible),
  z.minLength(1, "State required"),
  z.refine((v) => v === "" || findIndianState(v) !== undefined, STATE_MESSAGE),
  z.overwrite((v) => findIndianState(v)?.name ?? v),
);

/** The country: India when left out or blank; anything else is refused (0060). */
export const countrySchema = z._default(
  z.string({ error: COUNTRY_MESSAGE }).check(
    z.overwrite((v) => trimInvisible(v) || DEFAULT_COUNTRY),
    z.refine((v) => v.toLowerCase() === DEFAULT_COUNTRY.toLowerCase(), COUNTRY_MESSAGE),
    z.overwrite(() => DEFAULT_COUNTRY),
  ),
  DEFAULT_COUNTRY,
);

/**
 * Where a parcel goes: the postal fields of every address (the quote page types only these; a saved
 * address adds its name, phone, type and default flag in account.schema.ts).
 */
export const postalAddressShape = {
  address1: required("Address line 1", ADDRESS_LIMITS.addressLine),
  address2: optional("Address line 2", ADDRESS_LIMITS.addressLine),
  city: required("City", ADDRESS_LIMITS.place),
  state: indianStateSchema,
  zipCode: pinCodeSchema,
  country: countrySchema,
};
export const postalAddressSchema = z.object(postalAddressShape);
export type PostalAddressInput = z.output<typeof postalAddressSchema>;
