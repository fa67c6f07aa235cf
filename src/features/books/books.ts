/**
 * The shapes of the shop's documents as issued (docs/decisions/0082, 0085), browser-safe: the
 * seller and buyer copies stored with each document, and a document as the API answers it.
 */
import type { PostalAddress } from "~/lib/address";
import type { DocumentKind, RegistrationKind, TaxedLine, TaxTotals } from "./tax";

/** The seller as it was at issue (from the business settings). */
export interface SellerCopy {
  legalName: string;
  tradingName: string;
  address: PostalAddress;
  stateCode: string;
  gstin: string;
  pan: string;
  registration: RegistrationKind;
  supportEmail: string;
  supportPhone: string;
  /** The shop's logo at issue (a PNG or JPEG upload's URL); absent: the trading name stands. */
  logoUrl?: string;
  /**
   * The authorised signatory at issue (decision 0184): name, designation and a signature image
   * (an upload's URL), printed on the document; absent on documents issued before.
   */
  signatory?: { name: string; designation: string; signatureUrl?: string };
}

/** The buyer as it was at issue: the delivery name and address, and a GSTIN when given. */
export interface BuyerCopy {
  name: string;
  email: string;
  phone: string;
  address: PostalAddress;
  stateName: string;
  stateCode: string;
  gstin: string;
}

/** Everything a document says, before it has a number (pure: document.ts builds it). */
export interface DocumentDraft {
  kind: DocumentKind;
  seller: SellerCopy;
  buyer: BuyerCopy;
  placeOfSupplyCode: string;
  placeOfSupplyName: string;
  intraState: boolean;
  lines: TaxedLine[];
  totals: TaxTotals;
}

/** A document as issued: the draft with its number, date and links. */
export interface IssuedDocument extends DocumentDraft {
  id: string;
  number: string;
  issuedAt: Date;
  orderId: string;
  /**
   * The document this one corrects: a credit note's invoice, a refund voucher's receipt voucher;
   * its number and date are printed (CGST Rules 53(1A), 51(f); decision 0182).
   */
  creditsNumber: string | null;
  creditsDate: Date | null;
  /**
   * A deposit's final invoice (decision 0124): the advance's receipt voucher(s) on the same order,
   * shown under the totals with the balance paid; absent on every other document.
   */
  advance?: { numbers: string[]; paise: number };
  /** What the document is for, as issued (a delivery challan's reason, decision 0271). */
  note?: string;
}

/** What a document is called on its page and in the lists. */
export const DOCUMENT_TITLES: Readonly<Record<DocumentKind, string>> = {
  "tax-invoice": "Tax Invoice",
  "bill-of-supply": "Bill of Supply",
  receipt: "Receipt",
  "credit-note": "Credit Note",
  "refund-voucher": "Refund Voucher",
  "delivery-challan": "Delivery Challan",
};

/** A document in a list (/my-orders/{id}, the portal's order): the download's address. */
export interface DocumentLink {
  id: string;
  kind: DocumentKind;
  title: string;
  number: string;
  issuedAt: string;
  href: string;
}

export const documentHref = (id: string) => `/v2/invoices/${encodeURIComponent(id)}/pdf`;
