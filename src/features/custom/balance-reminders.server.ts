/**
 * Reminders for an unpaid balance (docs/decisions/0124-deposits.md), run by the background jobs:
 * 3 and 7 days after the balance's payment link was mailed, while it is open and unpaid, at most
 * twice. The shop keeps only a link token's hash, so a reminder carries a new link and the earlier
 * one stops working; the mail says so.
 */
import { eq } from "drizzle-orm";
import { formatInr } from "~/lib/money";
import type { Db } from "~/server/db/client";
import { quotes } from "~/server/db/schema";
import { shopIdentity } from "~/server/shop-identity.server";
import { headerText, sendMail } from "~/server/mail.server";
import {
  BALANCE_REMINDER_DAYS,
  countBalanceReminder,
  lockDeposit,
  unpaidBalances,
} from "~/features/made-to-order/deposits.server";
import { siteLink } from "./quote-mail.server";
import { lockQuoteRow } from "./quote-payment.server";
import { newQuoteToken, tokenHash } from "./quote-token.server";
import { logQuoteEvent } from "./quote-records.server";
import { DAY_MS } from "~/lib/dates";

/** Mails the reminders that are due; answers how many went out. */
export async function sendDueBalanceReminders(db: Db, now = new Date()): Promise<number> {
  let sent = 0;
  for (const open of await unpaidBalances(db)) {
    const mailed = await db.transaction(async (tx) => {
      const deposit = await lockDeposit(tx, open.quoteId);
      const reminder = deposit?.balanceReminders ?? BALANCE_REMINDER_DAYS.length;
      if (!deposit?.balanceQuoteId || deposit.balancePaidAt) return false;
      const days = BALANCE_REMINDER_DAYS[reminder];
      if (days === undefined) return false;
      const quote = await lockQuoteRow(tx, deposit.balanceQuoteId);
      if (!quote?.sentAt || quote.status !== "sent") return false;
      if (quote.expiresAt.getTime() <= now.getTime()) return false;
      if (now.getTime() < quote.sentAt.getTime() + days * DAY_MS) return false;
      const token = newQuoteToken();
      await tx
        .update(quotes)
        .set({ tokenHash: tokenHash(token), updatedAt: now })
        .where(eq(quotes.id, quote.id));
      await countBalanceReminder(tx, deposit);
      if (quote.customerEmail) {
        const shop = (await shopIdentity(tx)).name;
        const order = quote.forOrderId ?? "";
        await sendMail(tx, {
          to: quote.customerEmail,
          subject: headerText(`${shop}: a reminder, the balance for order ${order} is due`),
          text: `Hello ${quote.customerName || "there"},\n\nYour piece for order ${order} is ready and waits for its balance of ${formatInr(deposit.balancePaise)}.\nPay it by UPI here: ${siteLink(`/quote/${token}`)}\nThis link replaces the one in our earlier mail. We dispatch as soon as it is paid.\n\n${shop}\n`,
        });
      }
      await logQuoteEvent(tx, quote.id, "reminded", `balance reminder ${reminder + 1}`);
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}
