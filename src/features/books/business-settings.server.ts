/**
 * The business section's declaration (docs/decisions/0081, 0083): its first values come from the
 * environment (SHOP_NAME, SUPPORT_EMAIL); the owner completes it in the portal's Settings screen.
 * Until a GSTIN is saved the shop is `unregistered` and issues plain receipts, never a tax invoice
 * without the seller's GSTIN.
 */
import { z } from "zod/mini";
import type { DbOrTx } from "~/server/db/client";
import { env } from "~/server/env";
import { defineSection, readSection } from "~/features/settings/settings-store.server";
import {
  BUSINESS_KEY,
  type BusinessSettings,
  businessSettingsSchema,
} from "./business-settings.schema";

export const businessSection = defineSection<BusinessSettings>({
  key: BUSINESS_KEY,
  schema: businessSettingsSchema,
  defaults: () => ({
    legalName: "",
    tradingName: env().SHOP_NAME,
    address: { address1: "", address2: "", city: "", state: "", zipCode: "", country: "India" },
    gstin: "",
    pan: "",
    registration: "unregistered",
    invoicePrefix: "INV",
    creditNotePrefix: "CN",
    supportEmail: env().SUPPORT_EMAIL,
    supportPhone: "",
    defaultHsn: "3926",
    defaultGstRate: 18,
    pricesIncludeGst: true,
    logoUrl: "",
    signatoryName: "",
    signatoryDesignation: "",
    signatureUrl: "",
  }),
});

/**
 * Reading only: a value saved while "Prices include GST" could still be switched off reads as
 * including it (as every document already did) instead of failing the schema and losing the whole
 * section to the defaults. Saving takes businessSection, which refuses it (decision 0085).
 */
const savedSection = defineSection<BusinessSettings>({
  ...businessSection,
  schema: z.pipe(
    z.transform((value: unknown) =>
      value && typeof value === "object" ? { ...value, pricesIncludeGst: true } : value,
    ),
    businessSettingsSchema,
  ),
});

export async function readBusinessSettings(
  db: DbOrTx,
): Promise<{ value: BusinessSettings; version: number }> {
  return readSection(db, savedSection);
}
