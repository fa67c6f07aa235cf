/**
 * The seller the books' tests and the invoice PDF bench use (docs/decisions/0086): a regular GST
 * seller in Maharashtra. SELLER is the settings form as the owner fills it (the saved section and
 * the API's body); testSettings the settings as the schema reads them, with its defaults filled and
 * what a case changes in `overrides`.
 */
import type { BusinessSettings } from "./business-settings.schema";

type Defaulted = "logoUrl" | "signatoryName" | "signatoryDesignation" | "signatureUrl";

export const SELLER: Omit<BusinessSettings, Defaulted> = {
  legalName: "Resin Tales Studio LLP",
  tradingName: "Resin Tales",
  address: {
    address1: "12 Lake Road",
    address2: "",
    city: "Pune",
    state: "Maharashtra",
    zipCode: "411001",
    country: "India",
  },
  gstin: "27AAPFU0939F1ZV",
  pan: "AAPFU0939F",
  registration: "regular",
  invoicePrefix: "RT",
  creditNotePrefix: "CN",
  supportEmail: "hello@resintales.example",
  supportPhone: "+91 98765 43210",
  defaultHsn: "3926",
  defaultGstRate: 18,
  pricesIncludeGst: true,
};

export const testSettings = (overrides: Partial<BusinessSettings> = {}): BusinessSettings => ({
  ...SELLER,
  logoUrl: "",
  signatoryName: "",
  signatoryDesignation: "",
  signatureUrl: "",
  ...overrides,
});
