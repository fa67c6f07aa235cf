/**
 * The delivery challan a free replacement travels with (docs/decisions/0250-replacement-delivery-challan.md,
 * 0271-delivery-challan-in-the-books.md; CGST Rules 2017, rule 55(1)(c)): no supply and no tax, so
 * no tax invoice, but a numbered document naming the consignor and consignee, the goods (HSN,
 * description, quantity), their taxable value, the GST rate with its amount nil, the place of
 * supply and the signatory. Its own series per financial year (DELIVERY_CHALLAN_PREFIX), issued in
 * the transaction that creates the replacement order; one per order (a unique index), so a retry
 * answers the challan already issued.
 */
import { and, eq } from "drizzle-orm";
import type { Tx } from "~/server/db/client";
import { invoices } from "~/server/db/schema";
import { indiaDate } from "~/lib/dates";
import { productTaxCodes } from "~/features/catalogue/tax-codes.server";
import { describePersonalised } from "~/features/personalisation/personalisation";
import { orderItemRows } from "~/features/orders/order-records.server";
import type { StoredOrder } from "~/features/orders/store-order.server";
import { readBusinessSettings } from "./business-settings.server";
import { buildSaleDocument, type SaleLine } from "./document";
import { saleDocumentOf, storeDocument } from "./issue.server";
import type { GstRate, TaxedLine } from "./tax";

/** The series of delivery challans: "DC/26-27/000001" fits rule 55's sixteen characters. */
export const DELIVERY_CHALLAN_PREFIX = "DC";

export interface ChallanRequest {
  /** The free replacement order the goods travel under. */
  replacementOrderId: string;
  /** The order whose goods were damaged: its buyer, address and lines. */
  original: StoredOrder;
  /** The replaced lines of the original order, and how many of each. */
  lines: readonly { itemId: string; quantity: number }[];
  claimId: string;
}

/** A value line: the goods at their taxable value, the tax nil (no supply), the rate kept. */
function untaxed(line: TaxedLine): TaxedLine {
  const unit = Math.round(line.taxablePaise / line.quantity);
  return {
    ...line,
    unitPricePaise: unit,
    discountPaise: unit * line.quantity - line.taxablePaise,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    totalPaise: line.taxablePaise,
  };
}

/** Issues the replacement's delivery challan once; answers its id and number. */
export async function issueDeliveryChallan(
  tx: Tx,
  request: ChallanRequest,
  now = new Date(),
): Promise<{ id: string; number: string }> {
  const [existing] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(
      and(eq(invoices.orderId, request.replacementOrderId), eq(invoices.kind, "delivery-challan")),
    );
  if (existing) return existing;
  const { original } = request;
  const { value: settings } = await readBusinessSettings(tx);
  const items = new Map((await orderItemRows(tx, original.id)).map((i) => [i.id, i]));
  const claimed = request.lines.flatMap((c) => {
    const item = items.get(c.itemId);
    return item ? [{ item, quantity: c.quantity }] : [];
  });
  const codes = await productTaxCodes(
    tx,
    claimed.flatMap(({ item }) => (item.productId ? [item.productId] : [])),
  );
  const lines: SaleLine[] = claimed.map(({ item, quantity }) => {
    const code = item.productId ? codes.get(item.productId) : undefined;
    return {
      name: item.productName,
      options: [
        ...Object.values(item.variant ?? {}).map((v) => v.value),
        ...describePersonalised(item.personalisation ?? []),
      ],
      quantity,
      // What the piece sold for, its share of the line's discount taken off.
      unitPricePaise: item.pricePaise,
      discountPaise: Math.round((item.discountPaise * quantity) / item.quantity),
      hsn: code?.hsn ?? null,
      gstRate: (code?.gstRate ?? null) as GstRate | null,
    };
  });
  const draft = buildSaleDocument({
    // The taxable value as a registered seller's invoice would state it; the tax is then nil.
    settings: { ...settings, registration: "regular" },
    buyer: {
      name: `${original.shippingName.firstName} ${original.shippingName.lastName}`.trim(),
      email: original.shippingName.email,
      phone: original.shippingName.phone,
      address: original.shippingAddress,
      gstin: original.buyerGstin,
    },
    lines,
    orderDiscountPaise: 0,
    shippingPaise: 0,
  });
  draft.seller.registration = settings.registration;
  const valued = draft.lines.map(untaxed);
  const taxablePaise = valued.reduce((sum, l) => sum + l.taxablePaise, 0);
  const invoice = await saleDocumentOf(tx, original.id);
  const rates = [...new Set(valued.map((l) => `${l.gstRate}%`))].join(", ");
  const against = invoice ? `, ${invoice.number} dated ${indiaDate(invoice.issuedAt)}` : "";
  const note =
    "Transport of goods other than by way of supply (CGST Rules 2017, rule 55(1)(c)): a free " +
    `replacement of goods reported damaged in transit (damage claim ${request.claimId}), original ` +
    `order #${original.number}${against}. No consideration: GST rate of the goods ` +
    `${rates || "nil"}, tax amount nil. Prepared in triplicate: original for the consignee, ` +
    "duplicate for the transporter, triplicate for the consignor.";
  return storeDocument(
    tx,
    {
      ...draft,
      kind: "delivery-challan",
      lines: valued,
      totals: { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: taxablePaise },
    },
    { orderId: request.replacementOrderId, note },
    DELIVERY_CHALLAN_PREFIX,
    now,
  );
}
