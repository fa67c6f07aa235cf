/**
 * Deposits on quotes (docs/decisions/0124-deposits.md), custom work's half: the owner sets a draft
 * quote's advance, and sends the balance's payment link when the piece is ready (a payment quote
 * for the order, as a shipping charge; paying it marks the balance paid, quote-payment.server.ts).
 * The split and the records are made-to-order's (deposits.server.ts).
 */
import { randomUUID } from "node:crypto";
import { formatInr } from "~/lib/money";
import type { Db } from "~/server/db/client";
import { quotes } from "~/server/db/schema";
import { shopIdentity } from "~/server/shop-identity.server";
import { HttpError } from "~/server/http";
import { headerText, sendMail } from "~/server/mail.server";
import { enqueueWhatsapp } from "~/features/whatsapp/enqueue.server";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import {
  depositJson,
  loadQuoteDeposit,
  type OrderDepositJson,
  recordBalanceLink,
  setQuoteDeposit,
} from "~/features/made-to-order/deposits.server";
import { lockOrderRow } from "~/features/orders/order-records.server";
import { siteLink } from "./quote-mail.server";
import { lockQuoteRow } from "./quote-payment.server";
import { newQuoteToken, tokenHash } from "./quote-token.server";
import type { DepositInput } from "./quotes.schema";
import { logQuoteEvent } from "./quote-records.server";
import { DAY_MS } from "~/lib/dates";

/** PUT /v2/admin/quotes/{id}/deposit: a draft quote's advance ({} removes it). */
export async function setDeposit(
  db: Db,
  actor: AuditActor,
  quoteId: string,
  input: DepositInput,
): Promise<OrderDepositJson | null> {
  return db.transaction(async (tx) => {
    const q = await lockQuoteRow(tx, quoteId);
    if (q?.kind !== "quote") throw new HttpError(404, "Quote not found");
    if (q.status !== "draft")
      throw new HttpError(409, "A deposit is set on a draft quote, before it is sent.");
    if (input.percent !== undefined && input.amount !== undefined)
      throw new HttpError(400, "Ask for a percentage or an amount, not both.");
    const ask =
      input.percent !== undefined
        ? ({ kind: "percent", percent: input.percent } as const)
        : input.amount !== undefined
          ? ({ kind: "amount", amountPaise: input.amount } as const)
          : null;
    const row = await setQuoteDeposit(tx, quoteId, q.pricePaise, ask);
    await recordAudit(tx, actor, {
      action: "quote.deposit",
      entity: "quote",
      entityId: quoteId,
      after: row ? { advancePaise: row.advancePaise, balancePaise: row.balancePaise } : null,
    });
    return row ? depositJson(row) : null;
  });
}

/** POST /v2/admin/order/{id}/balance: mails the balance's payment link (201 { link, deposit }). */
export async function requestBalance(
  db: Db,
  actor: AuditActor,
  orderId: string,
  now = new Date(),
): Promise<{ link: string; deposit: OrderDepositJson }> {
  return db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (!order) throw new HttpError(404, "Order not found");
    const deposit =
      order.kind === "custom" && order.quoteId ? await loadQuoteDeposit(tx, order.quoteId) : null;
    if (!deposit) throw new HttpError(400, "This order was paid in full: it has no balance.");
    if (!order.paidAt || order.status !== "processing")
      throw new HttpError(400, "The balance is asked for a paid order that is not yet shipped.");
    if (deposit.balancePaidAt)
      throw new HttpError(409, "The balance of this order is already paid.");
    if (deposit.balanceQuoteId) {
      const open = await lockQuoteRow(tx, deposit.balanceQuoteId);
      if (open && open.status === "sent" && open.expiresAt.getTime() > now.getTime())
        throw new HttpError(409, "A balance link for this order is still open.");
    }
    const token = newQuoteToken();
    const email = order.shippingName.email;
    const id = `q_${randomUUID()}`;
    await tx.insert(quotes).values({
      id,
      kind: "shipping",
      forOrderId: orderId,
      title: `Balance for order ${orderId}`,
      description: "The balance of your piece, paid before dispatch.",
      pricePaise: deposit.balancePaise,
      dispatchMinDays: 1,
      dispatchMaxDays: 1,
      customerName: order.shippingName.firstName,
      customerEmail: email,
      expiresAt: new Date(now.getTime() + 14 * DAY_MS),
      status: "sent",
      tokenHash: tokenHash(token),
      sentAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await recordBalanceLink(tx, order.quoteId!, id);
    const link = siteLink(`/quote/${token}`);
    if (email) {
      const shop = (await shopIdentity(tx)).name;
      await sendMail(tx, {
        to: email,
        subject: headerText(`${shop}: your piece is ready, the balance is due (order ${orderId})`),
        text: `Hello ${order.shippingName.firstName || "there"},\n\nYour piece for order ${orderId} is ready. You paid an advance of ${formatInr(deposit.advancePaise)}; the balance is ${formatInr(deposit.balancePaise)}.\nPay it by UPI here: ${link}\nWe dispatch as soon as it is paid.\n\n${shop}\n`,
      });
      await enqueueWhatsapp(tx, {
        event: "balance-due",
        email,
        params: [
          order.shippingName.firstName || "there",
          orderId,
          formatInr(deposit.balancePaise),
          link,
        ],
      });
    }
    await logQuoteEvent(tx, id, "sent", `balance mailed to ${email}`);
    await recordAudit(tx, actor, {
      action: "order.balance",
      entity: "order",
      entityId: orderId,
      after: { balancePaise: deposit.balancePaise },
    });
    const updated = (await loadQuoteDeposit(tx, order.quoteId!))!;
    return { link, deposit: depositJson(updated) };
  });
}
