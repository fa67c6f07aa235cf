/**
 * A sale's document built from the paid order (docs/decisions/0085-tax-arithmetic-and-documents.md),
 * pure: the seller from the business settings, the buyer from the delivery name and address, the
 * place of supply from the delivery state, one goods line per order line (description with the
 * variant, never the shopper's note; the product's HSN and rate), shipping as its own line, and
 * the tax split. The document's total is what the order charged, paisa for paisa.
 */
import type { PostalAddress } from "~/lib/address";
import { findIndianState } from "~/lib/india-states";
import type { BusinessSettings } from "./business-settings.schema";
import type { BuyerCopy, DocumentDraft, SellerCopy } from "./books";
import { type GstRate, type LineInput, apportion, saleDocumentKind, taxLines } from "./tax";

/** The SAC of goods transport services, printed on the shipping line. */
export const SHIPPING_HSN = "9965";

export interface SaleLine {
  name: string;
  /** Chosen options, printed after the name: "(A4, Gloss)". */
  options: string[];
  quantity: number;
  unitPricePaise: number;
  /** The line's own discount (stored per line by discounts); 0 when left out. */
  discountPaise?: number;
  /** The product's (or its category's) HSN and rate; null: the shop's defaults. */
  hsn: string | null;
  gstRate: GstRate | null;
  /** A shipping charge paid as its own order (decision 0046) is a shipping line. */
  isShipping?: boolean;
}

export interface SaleInput {
  settings: BusinessSettings;
  buyer: { name: string; email: string; phone: string; address: PostalAddress; gstin: string };
  lines: SaleLine[];
  /** The order's discount not already on its lines: shared over the goods lines by amount. */
  orderDiscountPaise: number;
  shippingPaise: number;
}

export function sellerCopy(settings: BusinessSettings): SellerCopy {
  return {
    legalName: settings.legalName || settings.tradingName,
    tradingName: settings.tradingName,
    address: settings.address,
    stateCode: findIndianState(settings.address.state)?.gstCode ?? "",
    gstin: settings.gstin,
    pan: settings.pan,
    registration: settings.registration,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    // The logo as set at issue: the PDF, made at the first download, shows this one (decision 0086).
    ...(settings.logoUrl ? { logoUrl: settings.logoUrl } : {}),
    ...(settings.signatoryName
      ? {
          signatory: {
            name: settings.signatoryName,
            designation: settings.signatoryDesignation,
            ...(settings.signatureUrl ? { signatureUrl: settings.signatureUrl } : {}),
          },
        }
      : {}),
  };
}

/**
 * A line's description: the goods' name and chosen options. The shopper's free-text note is never
 * printed on a tax document (it is a message to the studio, kept on the order); what a personalised
 * piece is belongs in its name and options (docs/decisions/0183-invoice-pdf-text.md).
 */
export function describeLine(line: Pick<SaleLine, "name" | "options">): string {
  const options = line.options.filter(Boolean);
  return options.length ? `${line.name} (${options.join(", ")})` : line.name;
}

export function buildSaleDocument(input: SaleInput): DocumentDraft {
  const { settings } = input;
  const seller = sellerCopy(settings);
  // The place of supply is the delivery state; an address whose state is not on the list (an
  // older stored name) is taken as the seller's own state.
  const delivery = findIndianState(input.buyer.address.state);
  const placeCode = delivery?.gstCode || seller.stateCode;
  const placeName = delivery?.name || settings.address.state;
  const intraState = placeCode === seller.stateCode;
  const buyer: BuyerCopy = {
    ...input.buyer,
    stateName: placeName,
    stateCode: placeCode,
  };
  const goods = input.lines.filter((l) => !l.isShipping);
  const shares = apportion(
    input.orderDiscountPaise,
    goods.map((l) => l.quantity * l.unitPricePaise - (l.discountPaise ?? 0)),
  );
  const rateOf = (l: SaleLine): GstRate => l.gstRate ?? settings.defaultGstRate;
  const inputs: LineInput[] = [];
  let g = 0;
  for (const line of input.lines) {
    if (line.isShipping) {
      inputs.push(
        shippingLine(
          describeLine(line),
          line.unitPricePaise * line.quantity,
          settings.defaultGstRate,
        ),
      );
      continue;
    }
    inputs.push({
      kind: "goods",
      description: describeLine(line),
      hsn: line.hsn ?? settings.defaultHsn,
      quantity: line.quantity,
      gstRate: rateOf(line),
      unitPricePaise: line.unitPricePaise,
      discountPaise: (line.discountPaise ?? 0) + (shares[g++] ?? 0),
    });
  }
  if (input.shippingPaise > 0) {
    // Shipping with goods is part of one supply: taxed at the rate of its main goods (the highest).
    const principal = (
      goods.length ? Math.max(...goods.map(rateOf)) : settings.defaultGstRate
    ) as GstRate;
    inputs.push(shippingLine("Shipping", input.shippingPaise, principal));
  }
  const collectsTax = settings.registration === "regular";
  // What was paid is the document's total: checkout charges the prices as shown, and the setting
  // is fixed at "prices include GST" (decision 0085).
  const { lines, totals } = taxLines(inputs, {
    pricesIncludeGst: settings.pricesIncludeGst,
    intraState,
    collectsTax,
  });
  return {
    kind: saleDocumentKind(settings.registration),
    seller,
    buyer,
    placeOfSupplyCode: placeCode,
    placeOfSupplyName: placeName,
    intraState,
    lines,
    totals,
  };
}

function shippingLine(description: string, paise: number, rate: GstRate): LineInput {
  return {
    kind: "shipping",
    description,
    hsn: SHIPPING_HSN,
    quantity: 1,
    gstRate: rate,
    unitPricePaise: paise,
  };
}
