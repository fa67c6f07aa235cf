/**
 * The custom-order inquiry (docs/product.md §3 entity, §5 validation, §7 POST /v2/custom-order-email).
 * One zod/mini schema (field rules from src/lib/fields.ts) shared by the modal (browser) and `inquiry.server.ts` (server).
 *
 * Required: name, email (well-formed), productType. Optional: colors, size, budget, description, and
 * the date the piece is needed by (docs/decisions/0122-capacity-and-needed-by.md).
 * Every field is trimmed and bounded so a body can never grow without limit.
 */
import { z } from "zod/mini";
import { isCalendarDay } from "~/lib/dates";
import { emailField, optionalText, requiredText } from "~/lib/fields";
import { trimInvisible } from "~/lib/text";

export const INQUIRY_LIMITS = {
  name: 100,
  email: 254,
  productType: 100,
  colors: 200,
  size: 100,
  budget: 60,
  phone: 20,
  description: 2000,
} as const;

const optional = (label: string, max: number) => z.optional(optionalText(label, max));

export const NEEDED_BY_FORMAT = "Needed by must be a date like 2026-12-25";

/** Empty, or a real date "YYYY-MM-DD" (a date input's value). */
const neededBy = z.optional(
  z
    .string({ error: NEEDED_BY_FORMAT })
    .check(z.refine((d) => d === "" || isCalendarDay(d), NEEDED_BY_FORMAT)),
);

export const PHONE_FORMAT = "Phone / WhatsApp must be a number like 98765 43210 or +91 98765 43210";

/** Empty, or a phone number of 10 to 15 digits (spaces, dashes and a leading + allowed). */
const phone = z.optional(
  z.string({ error: PHONE_FORMAT }).check(
    z.trim(),
    z.refine((v) => {
      if (v === "") return true;
      const digits = v.replace(/\D/g, "").length;
      return /^\+?[\d\s-]+$/.test(v) && digits >= 10 && digits <= 15;
    }, PHONE_FORMAT),
  ),
);

/** Photos she uploaded with the inquiry (the server checks each is this shop's upload). */
export const INQUIRY_MAX_PHOTOS = 5;
const photos = z.optional(
  z
    .array(z.string().check(z.maxLength(500, "Each photo must be an uploaded image")))
    .check(z.maxLength(INQUIRY_MAX_PHOTOS, `At most ${INQUIRY_MAX_PHOTOS} photos`)),
);

export const inquirySchema = z.object({
  name: requiredText("Name", INQUIRY_LIMITS.name, { singleLine: true }),
  email: emailField({ max: INQUIRY_LIMITS.email }),
  phone,
  productType: requiredText("Product type", INQUIRY_LIMITS.productType),
  colors: optional("Colors", INQUIRY_LIMITS.colors),
  size: optional("Size", INQUIRY_LIMITS.size),
  budget: optional("Budget", INQUIRY_LIMITS.budget),
  description: optional("Description", INQUIRY_LIMITS.description),
  neededBy,
  photos,
});

export type Inquiry = z.infer<typeof inquirySchema>;
/** What the form's resolver reads (the optional fields may be absent). */
export type InquiryInput = z.input<typeof inquirySchema>;
/** What the form holds: every field is a string (possibly empty). */
export type InquiryForm = { [K in Exclude<keyof Inquiry, "photos">]-?: string };

export const EMPTY_INQUIRY: InquiryForm = {
  name: "",
  email: "",
  phone: "",
  productType: "",
  colors: "",
  size: "",
  budget: "",
  description: "",
  neededBy: "",
};

/** docs/product.md §5 / §8 texts, verbatim (typos included). */
export const INQUIRY_TOASTS = {
  mandatory: {
    type: "error",
    title: "Mandatory Fields",
    message: "Fill out Name, Email and Product Type",
  },
  sent: { type: "success", title: "Query Recieved", message: "Will reach out to you ASAP!" },
} as const;

export type InquiryCheck =
  | { ok: true; inquiry: Inquiry }
  | { ok: false; title: string; message: string };

/**
 * The modal's check before sending: a missing required field gives the spec's
 * 'Mandatory Fields' toast; anything else the schema rejects (a malformed email,
 * an over-long field) gives its own message under the title 'Invalid details'.
 */
export function checkInquiry(form: InquiryForm): InquiryCheck {
  if (!trimInvisible(form.name) || !trimInvisible(form.email) || !trimInvisible(form.productType)) {
    return {
      ok: false,
      title: INQUIRY_TOASTS.mandatory.title,
      message: INQUIRY_TOASTS.mandatory.message,
    };
  }
  const parsed = inquirySchema.safeParse(form);
  if (!parsed.success) {
    return {
      ok: false,
      title: "Invalid details",
      message: parsed.error.issues[0]?.message ?? "Check the form.",
    };
  }
  return { ok: true, inquiry: parsed.data };
}
