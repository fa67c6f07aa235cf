/**
 * The business section's declaration (docs/decisions/0081, 0083): its first values come from the
 * environment (SHOP_NAME, SUPPORT_EMAIL); the owner completes it in the portal's Settings screen.
 * Until a GSTIN is saved the shop is `unregistered` and issues plain receipts, never a tax invoice
 * without the seller's GSTIN.
 */
import type { DbOrTx } from "../../server/db/client";
import { env } from "../../server/env";
import { defineSection, readSection } from "../settings/settings-store.server";
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
  }),
});

export async function readBusinessSettings(
  db: DbOrTx,
): Promise<{ value: BusinessSettings; version: number }> {
  return readSection(db, businessSection);
}
