/** Mails of proof rounds (docs/decisions/0121-proofs.md), to the outbox in the caller's transaction. */
import { indiaDate } from "~/lib/dates";
import type { DbOrTx } from "~/server/db/client";
import { env } from "~/server/env";
import { shopIdentity } from "~/server/shop-identity.server";
import { headerText, ownerAddress, sendMail } from "~/server/mail.server";
import { enqueueWhatsapp } from "~/features/whatsapp/enqueue.server";

function orderLink(orderId: string): string {
  return new URL(`/my-orders/${encodeURIComponent(orderId)}`, env().PUBLIC_SITE_URL).toString();
}

const whereToAnswer = (orderId: string) =>
  `Open it on the link of your quote, or at ${orderLink(orderId)} with an account of this email.`;

export async function mailProofSent(
  db: DbOrTx,
  to: string,
  name: string,
  orderId: string,
  round: number,
  message: string,
): Promise<void> {
  const shop = (await shopIdentity(db)).name;
  await sendMail(db, {
    to,
    subject: headerText(
      `${shop}: a proof of your piece to approve (order ${orderId}, round ${round})`,
    ),
    text: `Hello ${name || "there"},\n\nHere is the proof of your piece. Approve it, or tell us what to change.\n\n${message}\n\n${whereToAnswer(orderId)}\nWe start making it once you approve.\n\n${shop}\n`,
  });
  await enqueueWhatsapp(db, {
    event: "proof-ready",
    email: to,
    params: [name || "there", orderId, String(round), orderLink(orderId)],
  });
}

export async function mailProofAnswered(
  db: DbOrTx,
  orderId: string,
  round: number,
  approved: boolean,
  reply: string,
): Promise<void> {
  const shop = (await shopIdentity(db)).name;
  await sendMail(db, {
    to: ownerAddress(),
    subject: headerText(
      `${shop}: proof round ${round} of order ${orderId} ${approved ? "approved" : "needs changes"}`,
    ),
    text: `${approved ? "The customer approved the proof; production can start." : "The customer asked for changes."}${reply ? `\n\n${reply}` : ""}\n\nOrder ${orderId}, proof round ${round}.\n`,
  });
}

/** To the owner: the customer corrected the personalisation, so the awaiting round is outdated. */
export async function mailProofOutdated(
  db: DbOrTx,
  orderId: string,
  round: number,
  reply: string,
): Promise<void> {
  const shop = (await shopIdentity(db)).name;
  await sendMail(db, {
    to: ownerAddress(),
    subject: headerText(`${shop}: proof round ${round} of order ${orderId} is outdated`),
    text: `The customer corrected the personalisation after the proof was sent.\n\n${reply}\n\nOrder ${orderId}, proof round ${round}: send a new round from the order's screen.\n`,
  });
}

export async function mailProofApproved(
  db: DbOrTx,
  to: string,
  name: string,
  orderId: string,
  promise: Date | null,
  moved: boolean,
): Promise<void> {
  const shop = (await shopIdentity(db)).name;
  const when = promise
    ? moved
      ? `\nYour dispatch date counts from your approval: we now promise dispatch by ${indiaDate(promise)}.`
      : `\nWe promise dispatch by ${indiaDate(promise)}.`
    : "";
  await sendMail(db, {
    to,
    subject: headerText(`${shop}: proof approved for order ${orderId}`),
    text: `Hello ${name || "there"},\n\nThank you: you approved the proof, and the personalisation is now locked. We start making your piece.${when}\n\n${whereToAnswer(orderId)}\n\n${shop}\n`,
  });
}
