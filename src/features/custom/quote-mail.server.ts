/** Mails of custom work, written to the outbox in the caller's transaction (decision 0015). */
import type { DbOrTx } from "~/server/db/client";
import { env } from "~/server/env";
import { shopIdentity } from "~/server/shop-identity.server";
import { headerText, sendMail } from "~/server/mail.server";
import { enqueueWhatsapp } from "~/features/whatsapp/enqueue.server";
import { formatInr } from "~/lib/money";
import { indiaDate } from "~/lib/dates";

export function siteLink(path: string): string {
  return new URL(path, env().PUBLIC_SITE_URL).toString();
}

export interface QuoteMailFacts {
  to: string;
  name: string;
  title: string;
  pricePaise: number;
  shippingEstimatePaise: number;
  dispatchMinDays: number;
  dispatchMaxDays: number;
  expiresAt: Date;
  link: string;
  revised: boolean;
  /** A deposit (decision 0124): the advance this link takes and the balance due before dispatch. */
  deposit?: { advancePaise: number; balancePaise: number } | null;
}

/** The mail's price line: paid in full upfront, or the advance now and the balance before dispatch. */
function priceLine(q: QuoteMailFacts): string {
  if (!q.deposit) return `Price: ${formatInr(q.pricePaise)} (paid in full upfront)`;
  return `Price: ${formatInr(q.pricePaise)}\nAdvance now: ${formatInr(q.deposit.advancePaise)}\nBalance before dispatch: ${formatInr(q.deposit.balancePaise)} (we mail its link when your piece is ready)`;
}

export async function mailQuote(db: DbOrTx, q: QuoteMailFacts): Promise<void> {
  const shop = (await shopIdentity(db)).name;
  const expires = indiaDate(q.expiresAt);
  await sendMail(db, {
    to: q.to,
    subject: headerText(
      `${shop}: ${q.revised ? "your revised quote" : "your quote"} for ${q.title}`,
    ),
    text:
      `Hello ${q.name || "there"},\n\n${q.revised ? "We revised the quote for your custom piece; the earlier link now points here." : "Here is the quote for your custom piece."}\n\n` +
      `${q.title}\n${priceLine(q)}\nShipping: up to ${formatInr(q.shippingEstimatePaise)}, charged at dispatch\n` +
      `Ready to dispatch ${q.dispatchMinDays}-${q.dispatchMaxDays} days after payment\n\n` +
      `See it and pay by UPI (no account needed): ${q.link}\nThe link is yours alone and works until ${expires}.\n\n${shop}\n`,
  });
  await enqueueWhatsapp(db, {
    event: "quote-sent",
    email: q.to,
    params: [q.name || "there", q.title, formatInr(q.pricePaise), q.link],
  });
}

export async function mailShippingCharge(
  db: DbOrTx,
  to: string,
  orderId: string,
  amountPaise: number,
  link: string,
): Promise<void> {
  const shop = (await shopIdentity(db)).name;
  await sendMail(db, {
    to,
    subject: headerText(`${shop}: your order ${orderId} is ready to dispatch`),
    text: `Hello,\n\nYour order ${orderId} is ready. The shipping charge is ${formatInr(amountPaise)}.\nPay it by UPI here: ${link}\nWe ship as soon as it is paid and mail you the tracking number.\n\n${shop}\n`,
  });
}

export async function mailStage(
  db: DbOrTx,
  to: string,
  name: string,
  orderId: string,
  label: string,
  note: string,
  photos: number,
  nextLabel: string | null,
  nextAt: string | null,
): Promise<void> {
  const shop = (await shopIdentity(db)).name;
  const next = nextLabel && nextAt ? `\nNext: ${nextLabel}, expected by ${indiaDate(nextAt)}.` : "";
  await sendMail(db, {
    to,
    subject: headerText(`${shop}: ${label} done for order ${orderId}`),
    text: `Hello ${name || "there"},\n\nYour piece moved on: ${label}.${note ? `\n\n${note}` : ""}${photos ? `\n\n${photos} new photo${photos > 1 ? "s" : ""} on your order page.` : ""}${next}\n\nFollow it on the link of your quote, or at ${siteLink(`/my-orders/${orderId}`)} with an account of this email.\n\n${shop}\n`,
  });
}
