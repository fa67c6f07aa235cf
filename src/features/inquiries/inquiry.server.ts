/**
 * Custom-order inquiries on the server: storing one and telling the owner. The HTTP handler of
 * POST /v2/custom-order-email (docs/product.md §7) is in inquiry.api.ts.
 *
 * Order of work, so an inquiry is never lost:
 *   1. parse the body with zod (bad input: 400, nothing written);
 *   2. count the hit against the client address's generous hourly limit and the email's strict one
 *      (over either: 429, nothing stored; docs/decisions/0075-inquiry-never-lost.md);
 *   3. store the inquiry in `custom_inquiries`;
 *   4. notify the owner through the mail module (outbox row + SMTP when configured).
 * A failure in step 4 is logged (the outbox row keeps the SMTP error) and the answer is still 201.
 */
import { createHash, randomUUID } from "node:crypto";
import type { DbOrTx } from "~/server/db/client";
import { customInquiries } from "~/server/db/schema";
import { headerText, ownerAddress, sendMail } from "~/server/mail.server";
import type { Inquiry } from "./inquiry";
import { indiaDateTime } from "~/lib/dates";
import { log } from "~/server/log/logger";

export const INQUIRY_WINDOW_MS = 60 * 60 * 1000;
export const TOO_MANY_INQUIRIES =
  "Too many inquiries from this address. Please try again in an hour or email us.";
export const TOO_MANY_FROM_EMAIL =
  "Too many inquiries from this email address. Please try again in an hour or email us.";

/**
 * The per-email limiter's key: a hash of the lower-cased address, so the rate-limit table holds
 * no one's email in clear.
 */
export function emailLimitKey(email: string): string {
  const digest = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
  return `inquiry-email:${digest.slice(0, 32)}`;
}

/** Stores one validated inquiry and returns its id. */
export async function storeInquiry(db: DbOrTx, inquiry: Inquiry, client: string): Promise<string> {
  const id = randomUUID();
  await db.insert(customInquiries).values({
    id,
    name: inquiry.name,
    email: inquiry.email,
    productType: inquiry.productType,
    colors: inquiry.colors ?? "",
    size: inquiry.size ?? "",
    budget: inquiry.budget ?? "",
    phone: inquiry.phone ?? "",
    photos: inquiry.photos ?? [],
    description: inquiry.description ?? "",
    neededBy: inquiry.neededBy ?? "",
    clientKey: client.slice(0, 200),
  });
  return id;
}

/** The owner's notification: plain text only, nothing is interpreted as HTML. */
export function inquiryMail(
  id: string,
  inquiry: Inquiry,
  receivedAt = new Date(),
): { subject: string; text: string } {
  const subject = headerText(
    `New custom order inquiry: ${inquiry.productType} from ${inquiry.name}`,
  );
  const when = indiaDateTime(receivedAt);
  const line = (label: string, value: string | undefined) =>
    `${label.padEnd(14)}${value?.trim() ? value : "-"}`;
  const text = [
    `A new custom order inquiry arrived on ${when} (India time).`,
    "",
    line("Name:", inquiry.name),
    line("Email:", inquiry.email),
    line("Phone:", inquiry.phone),
    line(
      "Photos:",
      inquiry.photos?.length ? `${inquiry.photos.length}, on the inquiry in the portal` : "",
    ),
    line("Product type:", inquiry.productType),
    line("Colours:", inquiry.colors),
    line("Size:", inquiry.size),
    line("Budget:", inquiry.budget),
    line("Needed by:", inquiry.neededBy),
    "",
    "Description:",
    inquiry.description?.trim() ? inquiry.description : "-",
    "",
    `Reply to this email to answer ${inquiry.name} at ${inquiry.email}.`,
    `Inquiry id: ${id}`,
    "",
  ].join("\n");
  return { subject, text };
}

/** Mails the owner about a stored inquiry. Never throws: the inquiry is already safe. */
export async function notifyOwner(db: DbOrTx, id: string, inquiry: Inquiry): Promise<void> {
  try {
    const { subject, text } = inquiryMail(id, inquiry);
    await sendMail(db, { to: ownerAddress(), subject, text, replyTo: inquiry.email });
  } catch (error) {
    log.error(`[inquiry] ${id} is stored, but notifying the owner failed`, error);
  }
}
