/**
 * The data of bench/reports.ts: BENCH_ORDERS (default 100,000) orders within one financial year
 * (one every 5 minutes from 1 April 2025, India time), 1 to 3 lines each; the paid ones (7 in 8) with
 * their payment and a tax invoice of 1 to 3 goods lines and a shipping line, every 20th refunded
 * with a credit note; deterministic. Written straight into the tables in batches of 1,000.
 */
import { sumLines } from "~/features/books/tax";
import { DAY_MS } from "~/lib/dates";
import { seededRandom } from "./random";
import { schema, type Db } from "~/server/db/client";

export const REPORT_ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
export const BENCH_YEAR = { from: "2025-04-01", to: "2026-03-31" };

const START = Date.parse("2025-03-31T18:30:00Z");
const STATES = [
  ["07", "Delhi"],
  ["08", "Rajasthan"],
  ["27", "Maharashtra"],
  ["29", "Karnataka"],
  ["33", "Tamil Nadu"],
] as const;
const PRODUCTS = ["Varmala Frame", "Luggage Tag", "Ocean Wall Art", "Nameplate", "Coaster Set"];

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

export async function seedReportOrders(db: Db): Promise<void> {
  await db.insert(schema.users).values({ id: "bench-shopper", email: "bench@example.com" });
  const random = seededRandom(21);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const BATCH = 1000;
  let invoiceNo = 0;
  let creditNo = 0;
  for (let start = 0; start < REPORT_ORDERS; start += BATCH) {
    const orders: Insert<typeof schema.orders>[] = [];
    const items: Insert<typeof schema.orderItems>[] = [];
    const payments: Insert<typeof schema.payments>[] = [];
    const refunds: Insert<typeof schema.refunds>[] = [];
    const docs: Insert<typeof schema.invoices>[] = [];
    const lines: Insert<typeof schema.invoiceLines>[] = [];
    for (let i = start; i < Math.min(REPORT_ORDERS, start + BATCH); i++) {
      const id = `ord_rep_${String(i).padStart(6, "0")}`;
      const created = new Date(START + i * 5 * 60_000);
      const paidAt = new Date(created.getTime() + 60_000);
      const paid = i % 8 !== 0;
      const [code, state] = pick(STATES);
      const name = { firstName: "Asha", lastName: `Verma ${i}`, phone: "9876543210", email: "" };
      const address = {
        id: "a1",
        type: "Home",
        address1: `${i} MI Road`,
        address2: "",
        city: "City",
        state,
        zipCode: "110001",
        country: "India",
      };
      let subtotal = 0;
      const goods: { price: number; quantity: number }[] = [];
      for (let l = 0, n = 1 + Math.floor(random() * 3); l < n; l++) {
        const price = (500 + Math.floor(random() * 9_500)) * 100;
        const quantity = 1 + Math.floor(random() * 2);
        subtotal += price * quantity;
        goods.push({ price, quantity });
        items.push({
          id: `${id}_${l}`,
          orderId: id,
          productName: pick(PRODUCTS),
          quantity,
          pricePaise: price,
        });
      }
      const shipping = 9_900;
      const total = subtotal + shipping;
      orders.push({
        id,
        userId: "bench-shopper",
        status: paid ? "delivered" : "pending",
        subtotalPaise: subtotal,
        shippingPaise: shipping,
        totalPaise: total,
        shippingName: name,
        billingName: name,
        shippingAddress: address,
        billingAddress: address,
        paidAt: paid ? paidAt : null,
        promisedDispatchAt: paid ? new Date(paidAt.getTime() + 20 * DAY_MS) : null,
        timeline: { pending: created.toISOString() },
        createdAt: created,
      });
      if (!paid) continue;
      payments.push({
        providerPaymentId: `pay_${id}`,
        orderId: id,
        provider: "local",
        status: "SUCCESS",
        amountPaise: total,
        outcome: "paid",
        completedAt: paidAt,
      });
      const intra = code === "07";
      const docLines = [
        ...goods.map((g) => ({
          hsn: "3926",
          rate: 18,
          gross: g.price * g.quantity,
          quantity: g.quantity,
        })),
        { hsn: "9965", rate: 18, gross: shipping, quantity: 1 },
      ].map((line, n) => {
        const taxable = Math.round((line.gross * 100) / (100 + line.rate));
        const tax = line.gross - taxable;
        const cgst = intra ? Math.floor(tax / 2) : 0;
        return {
          invoiceId: `inv_${id}`,
          lineNo: n + 1,
          kind: n === goods.length ? "shipping" : "goods",
          description: "Line",
          hsn: line.hsn,
          quantity: line.quantity,
          gstRate: line.rate,
          unitPricePaise: Math.round(line.gross / line.quantity),
          taxablePaise: taxable,
          cgstPaise: cgst,
          sgstPaise: intra ? tax - cgst : 0,
          igstPaise: intra ? 0 : tax,
          totalPaise: line.gross,
        };
      });
      lines.push(...docLines);
      invoiceNo += 1;
      const doc = {
        kind: "tax-invoice",
        series: "invoice",
        financialYear: "25-26",
        issuedAt: paidAt,
        orderId: id,
        seller: { name: "Resin Tales" },
        buyer: { name: `Asha Verma ${i}` },
        buyerGstin: i % 10 === 0 ? `${code}ABCDE${String(i % 10_000).padStart(4, "0")}F1Z5` : null,
        placeOfSupplyCode: code,
        placeOfSupplyName: state,
        intraState: intra,
        ...sumLines(docLines),
      };
      docs.push({
        ...doc,
        id: `inv_${id}`,
        number: `RT/25-26/${String(invoiceNo).padStart(6, "0")}`,
        sequence: invoiceNo,
        paymentId: `pay_${id}`,
      });
      if (i % 20 === 1) {
        creditNo += 1;
        const refundAt = new Date(paidAt.getTime() + 3 * DAY_MS);
        refunds.push({
          id: `rf_${id}`,
          orderId: id,
          provider: "local",
          amountPaise: total,
          reason: "Damaged in transit",
          status: "SUCCESS",
          requestedBy: "owner",
          processedAt: refundAt,
        });
        docs.push({
          ...doc,
          kind: "credit-note",
          series: "credit-note",
          id: `cn_${id}`,
          number: `RT-CN/25-26/${String(creditNo).padStart(5, "0")}`,
          sequence: creditNo,
          issuedAt: refundAt,
          refundId: `rf_${id}`,
          creditsInvoiceId: `inv_${id}`,
        });
        lines.push(...docLines.map((l) => ({ ...l, invoiceId: `cn_${id}` })));
      }
    }
    await db.insert(schema.orders).values(orders);
    await db.insert(schema.orderItems).values(items);
    if (payments.length) await db.insert(schema.payments).values(payments);
    if (refunds.length) await db.insert(schema.refunds).values(refunds);
    if (docs.length) await db.insert(schema.invoices).values(docs);
    if (lines.length) await db.insert(schema.invoiceLines).values(lines);
  }
}
