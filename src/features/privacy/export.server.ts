/**
 * "Download my data" (docs/decisions/0101-data-rights.md, 0135-data-rights-reach-every-table.md,
 * DPDP Act 2023 s.11): everything the shop keeps about the caller, as one JSON document: profile,
 * addresses, orders with their lines and payments, and the sections of export-orders.server.ts
 * (parcels, proofs, materials, code uses, refunds, documents...) and export-account.server.ts
 * (cart, reminder consent and sends, reviews and helpful marks, inquiries, quotes, mails, data
 * requests). Read in one snapshot. Money is under the wire's money keys (`total`, `price`,
 * `amount`), so json() turns it into rupees.
 *
 * Matching by email (orders paid without an account, inquiries, quotes, mails) only with
 * `verifiedEmail`, the caller's email when Firebase says it is verified: anyone can make a Firebase
 * account with someone else's address (docs/decisions/0170-verified-email-and-held-erasure.md).
 * No live secret leaves: every string goes through maskSecretsDeep (export-mask.ts).
 */
import { desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { addresses, orderItems, orders, payments, users } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { ownedBy } from "~/features/orders/orders.server";
import { accountSections } from "./export-account.server";
import { maskSecretsDeep } from "./export-mask";
import { orderSections } from "./export-orders.server";

/** Said in the download when the email is not verified, so the person knows why some is missing. */
export const UNVERIFIED_NOTE =
  "Your email address is not verified, so this file holds only what your account itself holds: orders paid, inquiries, quotes and mails under your email address without an account are included once you verify it.";

export async function exportMyData(
  db: Db,
  uid: string,
  verifiedEmail: string | null,
  now = new Date(),
) {
  const data = await db.transaction(
    async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, uid));
      if (!user) throw new HttpError(404, "There is no account to export.");
      // The verified address must still be the account's: a stale token's claim is not enough.
      const email =
        verifiedEmail && verifiedEmail.toLowerCase() === user.email.toLowerCase()
          ? user.email.toLowerCase()
          : null;
      const myOrders = await tx
        .select()
        .from(orders)
        .where(ownedBy(uid, email))
        .orderBy(desc(orders.createdAt));
      const ids = myOrders.map((o) => o.id);
      const lines = ids.length
        ? await tx.select().from(orderItems).where(inArray(orderItems.orderId, ids))
        : [];
      const paid = ids.length
        ? await tx
            .select({
              orderId: payments.orderId,
              provider: payments.provider,
              status: payments.status,
              amount: payments.amountPaise,
              upiId: payments.upiId,
              paymentTime: payments.paymentTime,
            })
            .from(payments)
            .where(inArray(payments.orderId, ids))
        : [];
      return {
        exportedAt: now.toISOString(),
        ...(email ? {} : { note: UNVERIFIED_NOTE }),
        profile: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          phone: user.phone,
          dateOfBirth: user.dateOfBirth,
          gender: user.gender,
          createdAt: user.createdAt.toISOString(),
        },
        addresses: await tx.select().from(addresses).where(eq(addresses.userId, uid)),
        orders: myOrders.map((o) => ({
          id: o.id,
          status: o.status,
          createdAt: o.createdAt.toISOString(),
          total: o.totalPaise,
          couponCode: o.couponCode,
          buyerGstin: o.buyerGstin,
          upiId: o.upiId,
          shippingName: o.shippingName,
          shippingAddress: o.shippingAddress,
          billingName: o.billingName,
          billingAddress: o.billingAddress,
          timeline: o.timeline,
          items: lines
            .filter((l) => l.orderId === o.id)
            .map((l) => ({
              productName: l.productName,
              variant: l.variant,
              quantity: l.quantity,
              price: l.pricePaise,
              note: l.productNote,
              // What the shopper typed or chose for the piece (decision 0229).
              personalisation: l.personalisation,
            })),
          payments: paid.filter((p) => p.orderId === o.id),
        })),
        ...(await orderSections(tx, uid, ids)),
        ...(await accountSections(tx, uid, email)),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  return maskSecretsDeep(data);
}
