/**
 * The business section of the shop's settings (docs/decisions/0083-business-settings-and-gstin.md):
 * who issues the invoices, from where, and how they are taxed and numbered. One zod/mini schema for
 * the portal's panel and PUT /v2/admin/settings/business alike; browser-safe (no server imports).
 */
import { z } from "zod/mini";
import { postalAddressShape } from "~/lib/address.schema";
import { emailField, optionalText, requiredText } from "~/lib/fields";
import { gstStateCode } from "~/lib/india-states";
import { GSTIN_PATTERN, PAN_PATTERN, gstinProblem, normalizeGstin, panOfGstin } from "./gstin";
import { PREFIX_PATTERN } from "./numbering";
import { isKnownRate, ratesText, slabsOn } from "./gst-rates";
import { REGISTRATION_KINDS } from "./tax";

const defaultRateMessage = () => `Default GST rate: choose ${ratesText(slabsOn(new Date()))}`;

export const BUSINESS_KEY = "business";

const PREFIX_MESSAGE = "1 to 3 letters, digits or '-' (numbers read like RT/25-26/000123)";
const HSN_MESSAGE = "Default HSN code: 4, 6 or 8 digits (e.g. 3926)";

const upper = (field: string, max: number) =>
  optionalText(field, max).check(z.overwrite((v) => normalizeGstin(v)));

const prefix = (field: string) =>
  requiredText(field, 3).check(
    z.refine((v) => PREFIX_PATTERN.test(v), `${field}: ${PREFIX_MESSAGE}`),
    // The advance receipts' and refund vouchers' own series (decisions 0124, 0182).
    z.refine(
      (v) => v.toUpperCase() !== "ADV",
      `${field}: ADV is kept for advance receipts; choose another`,
    ),
    z.refine(
      (v) => v.toUpperCase() !== "RFV",
      `${field}: RFV is kept for refund vouchers; choose another`,
    ),
    // A free replacement's delivery challans (decision 0271).
    z.refine(
      (v) => v.toUpperCase() !== "DC",
      `${field}: DC is kept for delivery challans; choose another`,
    ),
  );

export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

/** The invoice logo (docs/decisions/0086): an upload's URL in PNG or JPEG, which a PDF embeds. */
export const LOGO_PATTERN = /^(\/media\/|https:\/\/)[^\s?#]+\.(png|jpe?g)$/i;
export const SIGNATURE_MESSAGE =
  "Signature: upload a PNG or JPEG image of the signature (a PDF cannot embed WebP), or leave it empty";
export const LOGO_MESSAGE =
  "Logo: upload a PNG or JPEG image (a PDF cannot embed WebP); leave it empty for the trading name";

/**
 * Why "Prices include GST" is always yes (docs/decisions/0085): a retail sale price in India is
 * inclusive of all taxes (Legal Metrology (Packaged Commodities) Rules), and the shop charges the
 * prices it shows, so every document reads them as including GST.
 */
export const PRICES_INCLUDE_GST =
  "Prices include GST: always yes. Retail prices in India must include all taxes (Legal Metrology rules) and the shop charges the prices it shows, so this cannot be switched off.";

export const businessSettingsSchema = z
  .object({
    legalName: optionalText("Legal name", 200),
    tradingName: requiredText("Trading name", 200),
    address: z.object(postalAddressShape),
    gstin: upper("GSTIN", 15),
    pan: upper("PAN", 10).check(
      z.refine(
        (v) => v === "" || PAN_PATTERN.test(v),
        "PAN: 5 letters, 4 digits, a letter (e.g. ABCDE1234F)",
      ),
    ),
    registration: z.enum(REGISTRATION_KINDS, {
      error: "Registration: choose regular, composition or unregistered",
    }),
    invoicePrefix: prefix("Invoice prefix"),
    creditNotePrefix: prefix("Credit note prefix"),
    supportEmail: emailField({
      required: "Support email is required",
      invalid: "Support email: invalid email",
    }),
    supportPhone: optionalText("Support phone", 20),
    defaultHsn: requiredText("Default HSN code", 8).check(
      z.refine((v) => HSN_PATTERN.test(v), HSN_MESSAGE),
    ),
    // Any rate of the dated table, so a section saved with an old slab still reads; the screen
    // offers today's slabs and warns about an old one (decision 0180).
    defaultGstRate: z
      .number({ error: defaultRateMessage })
      .check(z.refine(isKnownRate, { error: defaultRateMessage })),
    logoUrl: z._default(
      optionalText("Logo", 500).check(
        z.refine((v) => v === "" || LOGO_PATTERN.test(v), LOGO_MESSAGE),
      ),
      "",
    ),
    // The authorised signatory printed on every document (docs/decisions/0184-signature.md).
    signatoryName: z._default(optionalText("Authorised signatory's name", 100), ""),
    signatoryDesignation: z._default(optionalText("Signatory's designation", 100), ""),
    signatureUrl: z._default(
      optionalText("Signature", 500).check(
        z.refine((v) => v === "" || LOGO_PATTERN.test(v), SIGNATURE_MESSAGE),
      ),
      "",
    ),
    // Fixed: retail prices in India include all taxes, and checkout charges them as shown.
    pricesIncludeGst: z._default(z.literal(true, { error: PRICES_INCLUDE_GST }), true),
  })
  .check(
    z.refine(
      (v) => v.gstin === "" || gstinProblem(v.gstin, gstStateCode(v.address.state)) === null,
      {
        error: (issue) => {
          const v = issue.input as { gstin: string; address: { state: string } };
          return gstinProblem(v.gstin, gstStateCode(v.address.state)) ?? "GSTIN is not valid";
        },
        path: ["gstin"],
        when: (payload) => typeof (payload.value as { gstin?: unknown })?.gstin === "string",
      },
    ),
    z.refine((v) => v.registration === "unregistered" || GSTIN_PATTERN.test(v.gstin), {
      error: "GSTIN is required for a regular or composition registration",
      path: ["gstin"],
      when: (payload) => typeof (payload.value as { gstin?: unknown })?.gstin === "string",
    }),
    z.refine((v) => v.registration === "unregistered" || v.legalName !== "", {
      error: "Legal name is required for a registered business (it is printed on every invoice)",
      path: ["legalName"],
      when: (payload) => typeof (payload.value as { legalName?: unknown })?.legalName === "string",
    }),
    z.refine((v) => v.invoicePrefix.toUpperCase() !== v.creditNotePrefix.toUpperCase(), {
      error: "Credit note prefix must differ from the invoice prefix (each is its own series)",
      path: ["creditNotePrefix"],
      when: (payload) => {
        const v = payload.value as { invoicePrefix?: unknown; creditNotePrefix?: unknown };
        return typeof v?.invoicePrefix === "string" && typeof v.creditNotePrefix === "string";
      },
    }),
    z.refine((v) => v.pan === "" || v.gstin === "" || panOfGstin(v.gstin) === v.pan, {
      error: "PAN must be the same as characters 3 to 12 of the GSTIN",
      path: ["pan"],
      when: (payload) => {
        const v = payload.value as { pan?: unknown; gstin?: unknown };
        return typeof v?.pan === "string" && typeof v.gstin === "string";
      },
    }),
  );

export type BusinessSettings = z.output<typeof businessSettingsSchema>;
export type BusinessSettingsInput = z.input<typeof businessSettingsSchema>;

/** GET/PUT /v2/admin/settings/business answer: the values and the version they were read at. */
export interface BusinessSettingsAnswer {
  value: BusinessSettings;
  version: number;
}

/** PUT body: the whole section and the version the screen loaded (409 when another save came first). */
export const businessSettingsBody = z.object({
  value: z.unknown(),
  version: z.number({ error: "version: a whole number" }).check(z.int(), z.minimum(0)),
});
