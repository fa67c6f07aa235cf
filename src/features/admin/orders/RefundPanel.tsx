/**
 * The order screen's "Payments and refunds" panel (docs/decisions/0055, 0057; docs/cashfree.md):
 * every payment the provider reported (what it took, the order's amount it reported, fees, offers,
 * each status it went through), the order's log, each refund with its status, the refunded total,
 * and the refund form: an amount (empty: everything still refundable) and a reason; for an order
 * not yet delivered, "Cancel order and refund in full" does both in one step.
 */
import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import { showToast } from "../../../components/ui/toast-store";
import { indiaDateTime } from "../../../lib/dates";
import { formatInr, rupeesToPaise } from "../../../lib/money";
import type { AdminOrderJson } from "./orders-admin";
import {
  fetchPaymentRecords,
  fetchRefunds,
  postRefund,
  type PaymentRecordsAnswer,
  type RefundsAnswer,
} from "./refunds-client";

const field =
  "rounded-lg border border-cream-300 bg-white px-2 py-1.5 text-sm text-ink-900 outline-none focus:border-gold-500 focus:ring-2 focus:ring-gold-300/60";
const button =
  "rounded-full px-4 py-1.5 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60";

/** Reading a pending refund again: every 3 s, for at most 2 minutes. */
const REFUND_POLL_MS = 3_000;
const REFUND_POLLS = 40;

const when = (iso: string | null) => (iso ? indiaDateTime(iso) : "");

export default function RefundPanel({ order }: { order: Pick<AdminOrderJson, "id" | "status"> }) {
  const [refunds, setRefunds] = useState<RefundsAnswer | null>(null);
  const [records, setRecords] = useState<PaymentRecordsAnswer | null>(null);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();

  const load = useCallback(() => {
    fetchRefunds(order.id).then(setRefunds, (e) => console.error("[admin] refunds", e));
    fetchPaymentRecords(order.id).then(setRecords, (e) => console.error("[admin] payments", e));
  }, [order.id]);
  useEffect(load, [load]);

  // A refund the owner started is in progress for a moment: read it again until it settles
  // (GET asks the provider about pending refunds), so the panel follows the state it caused.
  const polls = useRef(0);
  useEffect(() => {
    if (!refunds?.refunds.some((r) => r.status === "PENDING")) return;
    if (polls.current >= REFUND_POLLS) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      fetchRefunds(order.id).then(setRefunds, (e) => console.error("[admin] refunds", e));
    }, REFUND_POLL_MS);
    return () => clearTimeout(timer);
  }, [refunds, order.id]);

  async function send(cancel: boolean) {
    const paise = amount.trim() ? rupeesToPaise(amount) : undefined;
    if (paise === null || paise === 0) {
      setError("Amount must be an amount in rupees, such as 499 or 499.50");
      return;
    }
    if (reason.trim().length < 3) {
      setError("Reason: say why the money goes back (at least 3 characters)");
      return;
    }
    if (cancel && !window.confirm("Cancel this order and refund everything paid?")) return;
    setError("");
    setBusy(true);
    try {
      const answer = await postRefund(order.id, {
        reason: reason.trim(),
        ...(cancel ? { cancel: true } : { amount: paise }),
      });
      polls.current = 0;
      setRefunds(answer);
      setAmount("");
      setReason("");
      showToast({
        type: "success",
        title: cancel ? "Order cancelled, refund started" : "Refund started",
      });
      if (cancel) window.location.reload();
      else load();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The refund was not started");
    } finally {
      setBusy(false);
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(false);
  }

  if (!refunds || !records) return null;
  const canRefund = refunds.refundable.amount > 0;
  const canCancel = canRefund && ["processing", "shipped"].includes(order.status);
  return (
    <section
      className="space-y-4 rounded-2xl border border-cream-200 p-4"
      aria-labelledby={`${id}-title`}
      data-refund-panel={order.id}
    >
      <h2 id={`${id}-title`} className="text-xl text-ink-900">
        Payments and refunds
      </h2>
      {records.payments.length > 0 && (
        <ul className="space-y-2 text-sm" aria-label="Payments">
          {records.payments.map((p) => (
            <li key={p.id} className="rounded-lg bg-cream-100 p-2">
              <p className="font-medium">
                {p.id}: {p.status} ({p.outcome}), took {formatInr(p.amount)} {p.currency}
                {p.order ? `; order amount reported ${formatInr(p.order.amount)}` : ""}
                {p.fees.amount ? `; fees ${formatInr(p.fees.amount)}` : ""}
                {p.offers ? "; offer applied" : ""}
              </p>
              <p className="text-ink-500">
                {p.history.map((h) => `${h.status} ${when(h.at)} (${h.source})`).join(" → ")}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-ink-700" data-testid="refund-totals">
        Paid {formatInr(refunds.paid.amount)} · Refunded {formatInr(refunds.refunded.amount)}
        {refunds.pending.amount ? ` · In progress ${formatInr(refunds.pending.amount)}` : ""} ·
        Refundable {formatInr(refunds.refundable.amount)}
      </p>
      {refunds.refunds.length > 0 && (
        <ul className="divide-y divide-cream-200 text-sm" aria-label="Refunds">
          {refunds.refunds.map((r) => (
            <li key={r.id} className="py-1" data-refund-status={r.status}>
              {formatInr(r.amount)}: {r.status} · {r.reason} · {when(r.createdAt)}
              {r.statusNote ? ` · ${r.statusNote}` : ""}
            </li>
          ))}
        </ul>
      )}
      {canRefund && (
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
          <input
            aria-label="Refund amount (₹)"
            placeholder={`Amount (₹), empty: ${formatInr(refunds.refundable.amount)}`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className={`${field} w-56`}
            disabled={busy}
          />
          <input
            aria-label="Refund reason"
            placeholder="Reason"
            value={reason}
            maxLength={100}
            onChange={(e) => setReason(e.target.value)}
            className={`${field} w-64`}
            disabled={busy}
          />
          <button type="submit" disabled={busy} className={`${button} bg-ink-900 text-cream-50`}>
            Refund
          </button>
          {canCancel && (
            <button
              type="button"
              disabled={busy}
              onClick={() => void send(true)}
              className={`${button} border border-red-300 text-red-800`}
            >
              Cancel order and refund in full
            </button>
          )}
        </form>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {records.log.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-ink-700">
            Order log ({records.log.length})
          </summary>
          <ul className="mt-2 space-y-1 text-ink-500">
            {records.log.map((l) => (
              <li key={l.id}>
                {when(l.at)} · {l.kind} · {l.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
