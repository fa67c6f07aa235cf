/**
 * The server's zod schemas for the account bodies and queries (SPEC §5 Profile save, Address save;
 * §7). Kept apart from account.ts so the browser's session code does not pull zod into every page.
 */
import { z } from "zod";
import { trimInvisible } from "../../lib/text";
import { ADDRESS_TYPES, GENDERS, LIMITS, NEW_ADDRESS_ID, isValidBirthDate } from "./account";

// Unknown keys are dropped, so a body cannot set uid, email or role.

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} required` })
    .overwrite(trimInvisible)
    .min(1, { error: `${label} required` })
    .max(max, { error: `${label}: at most ${max} characters` });

const birthDate = z
  .string({ error: "Date of birth required" })
  .overwrite(trimInvisible)
  .min(1, { error: "Date of birth required" })
  .refine((v) => isValidBirthDate(v), { error: "Date of birth must be a real date (YYYY-MM-DD), not in the future" });

const gender = z.enum(GENDERS, { error: "Select your gender" });

/** PUT /v2/users/profile (SPEC §5 Profile save). */
export const profileSchema = z.object({
  firstName: required("First name", LIMITS.name),
  lastName: required("Last name", LIMITS.name),
  phone: required("Phone number", LIMITS.phone),
  gender,
  dateOfBirth: birthDate,
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** POST /v2/auth/register: the profile fields; the body's email is ignored (the token's wins). */
export const registerSchema = profileSchema.extend({
  email: z.string().max(LIMITS.email).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /v2/auth-google/register (new Google accounts): email is ignored, firstName optional. */
export const googleRegisterSchema = z.object({
  email: z.string().max(LIMITS.email).optional(),
  firstName: z.string().overwrite(trimInvisible).max(LIMITS.name, { error: `First name: at most ${LIMITS.name} characters` }).optional(),
});

const optionalText = (label: string, max: number) =>
  z
    .string()
    .overwrite(trimInvisible)
    .max(max, { error: `${label}: at most ${max} characters` })
    .optional()
    .transform((v) => v ?? "");

/** The id a client may give an address: a short token, never the editor's temporary 'new'. */
export const addressIdSchema = z
  .string({ error: "Address id required" })
  .overwrite(trimInvisible)
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "Address id must be 1-64 letters, digits, '-' or '_'" })
  .refine((v) => v !== NEW_ADDRESS_ID, { error: "Address id 'new' is reserved for unsaved addresses" });

/** The address fields of POST/PUT /v2/users/profile-address (SPEC §5 Address save). */
export const addressFieldsSchema = z.object({
  type: z.enum(ADDRESS_TYPES, { error: "Type must be Home, Work or Other" }).default("Other"),
  fName: required("First name", LIMITS.name),
  lName: required("Last name", LIMITS.name),
  phone: required("Phone number", LIMITS.phone),
  // The address email is always the account's (read-only in the editor); a body value is ignored.
  email: z.string().max(LIMITS.email).optional(),
  address1: required("Address line 1", LIMITS.addressLine),
  address2: optionalText("Address line 2", LIMITS.addressLine),
  city: required("City", LIMITS.place),
  state: required("State", LIMITS.place),
  zipCode: required("ZIP code", LIMITS.zipCode),
  country: required("Country", LIMITS.place),
  isDefault: z.boolean({ error: "isDefault must be true or false" }).optional().default(false),
});
export type AddressInput = z.infer<typeof addressFieldsSchema>;

/** POST: the address with its generated id. */
export const newAddressSchema = addressFieldsSchema.extend({ id: addressIdSchema });

/** The ?address_id= of PUT and DELETE. */
export const addressQuerySchema = z.object({ address_id: addressIdSchema });
