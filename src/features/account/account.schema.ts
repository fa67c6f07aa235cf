/**
 * The account forms and bodies, one zod/mini schema each, shared by the islands (through
 * react-hook-form's zodResolver) and the handlers (readJson / readQuery in account.api.ts).
 * Every message of docs/product.md §5 Sign-up, Login, Profile save and Address save is written here, once.
 * How to write a form like these: docs/decisions/0017-forms.md.
 */
import { z } from "zod/mini";
import { emailField, noControlCharacters, requiredText } from "~/lib/fields";
import { postalAddressShape } from "~/lib/address.schema";
import { trimInvisible } from "~/lib/text";
import {
  ADDRESS_TYPES,
  GENDERS,
  LIMITS,
  NEW_ADDRESS_ID,
  PASSWORD_MIN,
  isValidBirthDate,
} from "./account";

// Unknown keys are dropped (z.object strips them), so a body cannot set uid, email or role.

/** Required text with the spec's texts: "{label} required", "{label}: at most {max} characters". */
const required = (label: string, max: number) =>
  requiredText(label, max, {
    required: `${label} required`,
    tooLong: `${label}: at most ${max} characters`,
    singleLine: true,
  });

const dateOfBirth = z.string({ error: "Date of birth required" }).check(
  z.overwrite(trimInvisible),
  z.minLength(1, "Date of birth required"),
  z.refine(
    (v) => v === "" || isValidBirthDate(v),
    "Date of birth must be a real date (YYYY-MM-DD), not in the future",
  ),
);

/** A select's value is text ("" before a choice); only male, female or other pass. */
const gender = z.pipe(
  z.string({ error: "Select your gender" }),
  z.enum(GENDERS, { error: "Select your gender" }),
);

const email = emailField({ required: "Email required", max: LIMITS.email });

/** The token's email wins; a body may carry one, which is ignored. */
const ignoredEmail = z.optional(z.string().check(z.maxLength(LIMITS.email)));

// ---------------------------------------------------------------------------------------------
// Profile (docs/product.md §5 Profile save): the /my-profile form and PUT /v2/users/profile.

export const profileSchema = z.object({
  firstName: required("First name", LIMITS.name),
  lastName: required("Last name", LIMITS.name),
  phone: required("Phone number", LIMITS.phone),
  gender,
  dateOfBirth,
});
export type ProfileInput = z.output<typeof profileSchema>;
export type ProfileFormValues = z.input<typeof profileSchema>;

// ---------------------------------------------------------------------------------------------
// Sign-up (docs/product.md §5 Sign-up): POST /v2/auth/register takes the profile fields; the form adds what
// never leaves the browser (password, confirmation, agreement) and requires the email.

/** `reminders`: the sign-up's consent to reminder mail (docs/decisions/0097), off unless ticked. */
export const registerSchema = z.extend(profileSchema, {
  email: ignoredEmail,
  reminders: z.optional(z.boolean({ error: "reminders must be true or false" })),
});
export type RegisterInput = z.output<typeof registerSchema>;

export const signUpSchema = z
  .object({
    ...profileSchema.shape,
    email,
    password: z.string({ error: "Password required" }).check(
      z.minLength(1, "Password required"),
      z.refine((v) => v === "" || v.length >= PASSWORD_MIN, "Minimum 8 characters"),
      z.maxLength(LIMITS.password, `Password: at most ${LIMITS.password} characters`),
    ),
    confirmPassword: z
      .string({ error: "Confirm your password" })
      .check(z.minLength(1, "Confirm your password")),
    reminders: z.optional(z.boolean()),
    agree: z
      .boolean({ error: "You must agree to the terms" })
      .check(z.refine((v) => v, "You must agree to the terms")),
  })
  .check(
    z.refine((v) => v.confirmPassword === "" || v.confirmPassword === v.password, {
      error: "Passwords do not match",
      path: ["confirmPassword"],
      // Also when other fields failed, so every message shows after one click.
      when: (payload) => {
        const v = payload.value as { password?: unknown; confirmPassword?: unknown };
        return typeof v?.password === "string" && typeof v.confirmPassword === "string";
      },
    }),
  );
export type SignUpInput = z.output<typeof signUpSchema>;
export type SignUpFormValues = z.input<typeof signUpSchema>;

/** The register body of a sign-up: its profile fields and email. */
export function registerBody(values: SignUpInput): RegisterInput {
  const { firstName, lastName, email, phone, gender, dateOfBirth, reminders } = values;
  return {
    firstName,
    lastName,
    email,
    phone,
    gender,
    dateOfBirth,
    ...(reminders ? { reminders: true } : {}),
  };
}

/** POST /v2/auth-google/register (new Google accounts): email is ignored, firstName optional. */
export const googleRegisterSchema = z.object({
  email: ignoredEmail,
  firstName: z.optional(
    z
      .string()
      .check(
        z.overwrite(trimInvisible),
        z.maxLength(LIMITS.name, `First name: at most ${LIMITS.name} characters`),
        noControlCharacters("First name", true),
      ),
  ),
});

// ---------------------------------------------------------------------------------------------
// Login (docs/product.md §5 Login): the form only (the API takes the identity provider's token).

export const loginSchema = z.object({
  email: z
    .string({ error: "Email required" })
    .check(z.overwrite(trimInvisible), z.minLength(1, "Email required")),
  password: z.string({ error: "Password required" }).check(z.minLength(1, "Password required")),
});
export type LoginInput = z.output<typeof loginSchema>;

// ---------------------------------------------------------------------------------------------
// Addresses (docs/product.md §5 Address save): the address editor and POST/PUT /v2/users/profile-address.

/** The id a client may give an address: a short token, never the editor's temporary 'new'. */
export const addressIdSchema = z.string({ error: "Address id required" }).check(
  z.overwrite(trimInvisible),
  z.regex(/^[A-Za-z0-9_-]{1,64}$/, "Address id must be 1-64 letters, digits, '-' or '_'"),
  z.refine((v) => v !== NEW_ADDRESS_ID, "Address id 'new' is reserved for unsaved addresses"),
);

/** A saved address: the shop's one postal address (src/lib/address.schema.ts) with a name and phone. */
export const addressFieldsSchema = z.object({
  type: z._default(z.enum(ADDRESS_TYPES, { error: "Type must be Home, Work or Other" }), "Other"),
  fName: required("First name", LIMITS.name),
  lName: required("Last name", LIMITS.name),
  phone: required("Phone number", LIMITS.phone),
  // The address email is always the account's (read-only in the editor); a body value is ignored.
  email: ignoredEmail,
  ...postalAddressShape,
  isDefault: z._default(z.boolean({ error: "isDefault must be true or false" }), false),
});
export type AddressInput = z.output<typeof addressFieldsSchema>;
export type AddressFormValues = z.input<typeof addressFieldsSchema>;

/** POST: the address with the id the browser generated. */
export const newAddressSchema = z.extend(addressFieldsSchema, { id: addressIdSchema });

/** The ?address_id= of PUT and DELETE. */
export const addressQuerySchema = z.object({ address_id: addressIdSchema });
