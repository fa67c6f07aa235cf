/**
 * "Download my data", the parts kept with the account (docs/decisions/0101-data-rights.md,
 * 0135-data-rights-reach-every-table.md): the cart, the reminder consent and the reminders sent,
 * reviews and helpful marks, inquiries and quotes sent to their address (with a deposit's split),
 * the mails addressed to them, and their data requests. Read in the caller's read-only snapshot;
 * money under the wire's money keys (`price`, `advance`, `balance`), so json() turns it into rupees.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/server/db/client";
import {
  cartReminders,
  customInquiries,
  dataRequests,
  quoteDeposits,
  quotes,
  reminderConsents,
  reviews,
  reviewVotes,
} from "~/server/db/schema";
import { consentsOf } from "~/features/whatsapp/consent.server";
import { whatsappMessages } from "~/features/whatsapp/messages.server";
import { mailsTo } from "~/server/mail.server";
import { readCart } from "~/features/cart/cart.server";
import { userCartId } from "~/features/cart/cart-lines.server";
import { photosOf } from "~/features/personalisation/photo-export.server";

/** Mails kept per person in the download: far more than the shop ever sends one shopper. */
const MAILS_LIMIT = 5000;

async function cartOf(tx: Tx, uid: string) {
  const answer = await readCart(tx, await userCartId(tx, uid));
  return {
    items: answer.items.map((i) => ({
      productId: i.productId,
      productName: i.product.name,
      variant: i.variant,
      quantity: i.quantity,
      price: i.price,
      note: i.productNote,
      personalisation: i.personalisation ?? [],
    })),
  };
}

async function quotesOf(tx: Tx, email: string) {
  const mine = await tx
    .select({
      id: quotes.id,
      title: quotes.title,
      price: quotes.pricePaise,
      status: quotes.status,
      customerName: quotes.customerName,
      customerEmail: quotes.customerEmail,
      createdAt: quotes.createdAt,
    })
    .from(quotes)
    .where(sql`lower(${quotes.customerEmail}) = ${email}`);
  const deposits = mine.length
    ? await tx
        .select()
        .from(quoteDeposits)
        .where(
          inArray(
            quoteDeposits.quoteId,
            mine.map((q) => q.id),
          ),
        )
    : [];
  return mine.map((q) => {
    const deposit = deposits.find((d) => d.quoteId === q.id);
    return {
      ...q,
      deposit: deposit
        ? {
            advance: deposit.advancePaise,
            balance: deposit.balancePaise,
            balancePaidAt: deposit.balancePaidAt?.toISOString() ?? null,
          }
        : null,
    };
  });
}

/** `email`: the account's address only when Firebase says it is verified (else nothing by email). */
export async function accountSections(tx: Tx, uid: string, email: string | null) {
  const [consentRow] = await tx
    .select({
      consented: reminderConsents.consented,
      source: reminderConsents.source,
      changedAt: reminderConsents.updatedAt,
      token: reminderConsents.unsubscribeToken,
    })
    .from(reminderConsents)
    .where(eq(reminderConsents.userId, uid));
  const token = consentRow?.token ?? "";
  // The unsubscribe link's token is a secret (decision 0097): not in the file, not even in a mail.
  const hideToken = (text: string) => (token ? text.replaceAll(token, "(link removed)") : text);
  return {
    cart: await cartOf(tx, uid),
    /** The photos they uploaded for personalised pieces (decision 0262), each with its link. */
    personalPhotos: await photosOf(tx, uid),
    /** Every WhatsApp choice with its number, words and times (decision 0238), and the messages. */
    whatsappConsents: await consentsOf(tx, { email, userId: uid }),
    whatsappMessages: email ? await whatsappMessages(tx, email) : [],
    /** The choice as it stands, where and when it was last made (withdrawals: dataRequests). */
    reminderConsent: {
      consented: consentRow?.consented ?? false,
      source: consentRow?.source ?? "",
      changedAt: consentRow?.changedAt ?? null,
    },
    cartReminders: await tx
      .select({ cartChangedAt: cartReminders.cartChangedAt, sentAt: cartReminders.sentAt })
      .from(cartReminders)
      .where(eq(cartReminders.userId, uid))
      .orderBy(asc(cartReminders.sentAt)),
    reviews: await tx
      .select({
        id: reviews.id,
        productId: reviews.productId,
        orderId: reviews.orderId,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
        photos: reviews.photos,
        shownAs: reviews.authorName,
        status: reviews.status,
        reply: reviews.reply,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.userId, uid)),
    helpfulMarks: await tx
      .select({ reviewId: reviewVotes.reviewId, markedAt: reviewVotes.createdAt })
      .from(reviewVotes)
      .where(eq(reviewVotes.userId, uid)),
    inquiries: !email
      ? []
      : await tx
          .select({
            name: customInquiries.name,
            email: customInquiries.email,
            productType: customInquiries.productType,
            colors: customInquiries.colors,
            size: customInquiries.size,
            budget: customInquiries.budget,
            neededBy: customInquiries.neededBy,
            description: customInquiries.description,
            status: customInquiries.status,
            /** The network address the inquiry came from (kept against floods, decision 0072). */
            sentFrom: customInquiries.clientKey,
            createdAt: customInquiries.createdAt,
          })
          .from(customInquiries)
          .where(sql`lower(${customInquiries.email}) = ${email}`),
    quotes: email ? await quotesOf(tx, email) : [],
    mails: email
      ? (await mailsTo(tx, email, MAILS_LIMIT)).map((m) => ({ ...m, body: hideToken(m.body) }))
      : [],
    dataRequests: await tx
      .select({
        kind: dataRequests.kind,
        details: dataRequests.details,
        createdAt: dataRequests.createdAt,
        completedAt: dataRequests.completedAt,
      })
      .from(dataRequests)
      .where(eq(dataRequests.userId, uid))
      .orderBy(asc(dataRequests.createdAt)),
  };
}
