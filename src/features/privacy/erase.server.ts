/**
 * Erasing a shopper (docs/decisions/0101-data-rights.md, DPDP Act 2023 s.12). In one transaction:
 * the account's profile and saved addresses go; the orders, payments and refunds the law makes the
 * shop keep stay, with the person masked (name, phone, email, street, city and PIN code; the state
 * stays for the tax reports); their inquiries, quotes and mails lose who they were; their reviews
 * stay as "A customer" or go, as they chose; proofs, materials, parcels, mail and the owner's audit
 * rows lose their details (erase-records.server.ts, decision 0135). Issued invoices are the one
 * exception: kept as issued (CGST Act s.36: 72 months). Then the Firebase account is removed.
 *
 * Two limits (docs/decisions/0170-verified-email-and-held-erasure.md): records are matched by email
 * (orders paid without an account, inquiries, quotes, mails, a guest's code uses) only when
 * Firebase says the caller's email is verified; and an order still being made or on its way keeps
 * what its fulfilment needs until delivery plus the claim window (erase-orders.server.ts), the
 * remainder being recorded on the deletion request and finished by erase-held.server.ts.
 *
 * This is the one module that writes to other features' tables (decision 0062's exception): an
 * erasure must be whole or not at all. tests/privacy-erasure.test.ts scans every table afterwards,
 * so a table added later that keeps a person fails it until it is handled here.
 */
import {
  eraseAccountPhotos,
  removeErasedPhotoFiles,
} from "~/features/personalisation/photo-erase.server";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/server/db/client";
import {
  addresses,
  carts,
  customInquiries,
  dataRequests,
  discountUses,
  orders,
  quotes,
  reminderConsents,
  whatsappConsents,
  outbox,
  reviewPhotoUploads,
  reviews,
  users,
} from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { ownedBy } from "~/features/orders/orders.server";
import { refreshReviewFigures } from "~/features/reviews/review-figures.server";
import { ANONYMOUS_AUTHOR } from "~/features/reviews/reviews";
import { newDataRequestId } from "./data-requests.server";
import {
  ERASED_TEXT,
  type ErasedPerson,
  eraseAudit,
  eraseMadeToOrder,
  eraseMail,
  eraseParcels,
  withoutFirstName,
  eraseClaims,
  removeErasedClaimFiles,
} from "./erase-records.server";
import { maskOrders, splitHeld } from "./erase-orders.server";
import { claimWindowHours } from "~/features/content/claim-window.server";

export type ReviewChoice = "keep" | "remove";

/** The address an erased account keeps: unique, unroutable, and saying what happened. */
export function erasedEmail(uid: string): string {
  return `erased+${uid.toLowerCase()}@erased.invalid`;
}

const tenDigits = (phone: string) => phone.replace(/\D/g, "").slice(-10);

/**
 * Everything that identifies the person, from the account, saved addresses and orders, before
 * masking. Emails only with a verified address (`email` null otherwise): an email typed into an
 * unverified account's address or order may be anyone's, and mail is matched by it.
 */
async function gatherPerson(
  tx: Tx,
  user: typeof users.$inferSelect,
  email: string | null,
  orderIds: string[],
): Promise<ErasedPerson> {
  const saved = await tx.select().from(addresses).where(eq(addresses.userId, user.id));
  const placed = orderIds.length
    ? await tx
        .select({
          name: orders.shippingName,
          billing: orders.billingName,
          to: orders.shippingAddress,
        })
        .from(orders)
        .where(inArray(orders.id, orderIds))
    : [];
  const names = placed.flatMap((o) => [o.name, o.billing]);
  const full = (first: string, last: string) => (first && last ? [`${first} ${last}`] : []);
  const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  return {
    emails: email
      ? unique([email, ...saved.map((a) => a.email), ...names.map((n) => n.email)]).map((e) =>
          e.toLowerCase(),
        )
      : [],
    phones: unique([user.phone, ...saved.map((a) => a.phone), ...names.map((n) => n.phone)])
      .map(tenDigits)
      .filter((p) => p.length === 10),
    fullNames: unique([
      ...full(user.firstName, user.lastName),
      ...saved.flatMap((a) => full(a.fName, a.lName)),
      ...names.flatMap((n) => full(n.firstName, n.lastName)),
    ]),
    firstName: user.firstName,
    lastName: user.lastName,
    places: unique([
      ...saved.flatMap((a) => [a.address1, a.address2, a.zipCode]),
      ...placed.flatMap((o) => [o.to.address1, o.to.address2 ?? "", o.to.zipCode]),
    ]).filter((p) => p.length >= 4),
  };
}

/**
 * Erases the account `uid`. `verifiedEmail`: the caller's email when Firebase says it is verified,
 * else null (nothing is then matched by email). Answers how many orders keep their details for now,
 * and the claim window (hours after delivery) they keep them for.
 */
export async function eraseAccountData(
  db: Db,
  uid: string,
  choice: ReviewChoice,
  verifiedEmail: string | null,
  now = new Date(),
): Promise<{ held: number; windowHours: number }> {
  let claimIds: string[] = [];
  let photoIds: string[] = [];
  const answer = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, uid)).for("update");
    if (!user) throw new HttpError(404, "There is no account to delete.");
    if (user.role === "tm_admin")
      throw new HttpError(
        400,
        "An administrator's account cannot be deleted here. Revoke the role first (npm run admin:grant -- --revoke).",
      );
    // The verified address must still be the account's own (a token's claim is not enough).
    const email =
      verifiedEmail && verifiedEmail.toLowerCase() === user.email.toLowerCase()
        ? user.email.toLowerCase()
        : null;
    const mine = await tx
      .select({
        id: orders.id,
        status: orders.status,
        timeline: orders.timeline,
        updatedAt: orders.updatedAt,
      })
      .from(orders)
      .where(ownedBy(uid, email));
    const windowHours = await claimWindowHours(tx);
    const split = splitHeld(mine, now, windowHours);
    const orderIds = split.now.map((o) => o.id);
    const heldIds = split.held.map((o) => o.id);
    const person = await gatherPerson(tx, user, email, [...orderIds, ...heldIds]);

    // Customer photos (decision 0263): all but those a held order needs.
    photoIds = await eraseAccountPhotos(tx, uid, heldIds);
    await maskOrders(tx, orderIds, now);
    await eraseMadeToOrder(tx, orderIds, user.firstName);
    await eraseParcels(tx, orderIds);
    claimIds = await eraseClaims(tx, orderIds);
    const custom = email ? await eraseCustomWork(tx, email) : { quote: [], inquiry: [] };
    const mails = await eraseMail(tx, person);
    const reviewIds = await eraseReviews(tx, uid, user.firstName, choice);
    await eraseAudit(tx, person, { order: orderIds, review: reviewIds, outbox: mails, ...custom });
    // A guest's code uses are keyed by their email (discounts' shopperKeyOf).
    if (email)
      await tx
        .update(discountUses)
        .set({ userId: `guest:${erasedEmail(uid)}` })
        .where(eq(discountUses.userId, `guest:${email}`));
    await tx
      .update(dataRequests)
      .set({ details: "" })
      .where(and(eq(dataRequests.userId, uid), eq(dataRequests.kind, "grievance")));
    await tx.delete(reminderConsents).where(eq(reminderConsents.userId, uid));
    // WhatsApp (decision 0238): the choices go; the messages keep no number, name or address.
    const waEmails = person.emails.map((e) => e.toLowerCase());
    await tx
      .delete(whatsappConsents)
      .where(
        waEmails.length
          ? or(eq(whatsappConsents.userId, uid), inArray(whatsappConsents.email, waEmails))
          : eq(whatsappConsents.userId, uid),
      );
    if (waEmails.length)
      await tx
        .update(outbox)
        .set({
          to: "erased",
          waParams: [],
          fallbackTo: null,
          subject: ERASED_TEXT,
          body: ERASED_TEXT,
        })
        .where(and(eq(outbox.channel, "whatsapp"), inArray(outbox.fallbackTo, waEmails)));
    await tx.delete(addresses).where(eq(addresses.userId, uid));
    await tx.delete(carts).where(eq(carts.userId, uid));
    await tx
      .update(users)
      .set({
        email: erasedEmail(uid),
        firstName: "",
        lastName: "",
        displayName: "",
        phone: "",
        dateOfBirth: "",
        gender: "",
        cartId: sql`gen_random_uuid()::text`,
        updatedAt: now,
      })
      .where(eq(users.id, uid));
    // With orders held, the request stays open until erase-held.server.ts finishes it.
    await tx.insert(dataRequests).values({
      id: newDataRequestId(now),
      userId: uid,
      kind: "deletion",
      createdAt: now,
      completedAt: heldIds.length ? null : now,
      heldOrderIds: heldIds,
    });
    return { held: heldIds.length, windowHours };
  });
  await removeErasedClaimFiles(claimIds);
  await removeErasedPhotoFiles(photoIds);
  return answer;
}

async function eraseCustomWork(
  tx: Tx,
  email: string,
): Promise<{ quote: string[]; inquiry: string[] }> {
  const mine = await tx
    .select({ id: quotes.id, inquiryId: quotes.inquiryId })
    .from(quotes)
    .where(sql`lower(${quotes.customerEmail}) = ${email}`);
  if (mine.length > 0)
    await tx
      .update(quotes)
      .set({ customerName: "", customerEmail: "" })
      .where(
        inArray(
          quotes.id,
          mine.map((q) => q.id),
        ),
      );
  const inquiryIds = mine.flatMap((q) => (q.inquiryId ? [q.inquiryId] : []));
  const inquiries = await tx
    .update(customInquiries)
    .set({ name: "Erased customer", email: "", description: ERASED_TEXT, clientKey: "" })
    .where(
      or(
        sql`lower(${customInquiries.email}) = ${email}`,
        inquiryIds.length > 0 ? inArray(customInquiries.id, inquiryIds) : undefined,
      ),
    )
    .returning({ id: customInquiries.id });
  return { quote: mine.map((q) => q.id), inquiry: inquiries.map((i) => i.id) };
}

async function eraseReviews(
  tx: Tx,
  uid: string,
  firstName: string,
  choice: ReviewChoice,
): Promise<string[]> {
  const mine = await tx
    .select({ id: reviews.id, productId: reviews.productId })
    .from(reviews)
    .where(eq(reviews.userId, uid));
  // Which upload was whose goes either way; a kept review keeps its photos in reviews.photos.
  await tx.delete(reviewPhotoUploads).where(eq(reviewPhotoUploads.userId, uid));
  if (mine.length === 0) return [];
  if (choice === "remove") await tx.delete(reviews).where(eq(reviews.userId, uid));
  else
    await tx
      .update(reviews)
      .set({
        authorName: ANONYMOUS_AUTHOR,
        authorCityInitial: "",
        // The owner's reply may greet the writer by name.
        reply: withoutFirstName(reviews.reply, firstName),
      })
      .where(eq(reviews.userId, uid));
  for (const productId of new Set(mine.map((r) => r.productId)))
    await refreshReviewFigures(tx, productId);
  return mine.map((r) => r.id);
}
