/**
 * The order screen's "Payments and refunds" panel (docs/decisions/0055, 0057; docs/cashfree.md):
 * every payment the provider reported (what it took, the order's amount it reported, fees, offers,
 * each status it went through), the order's log, each refund with its status, the refunded total,
 * and the refund form (RefundForm.tsx). Loaded like a screen (decision 0052): found, missing, or
 * failed with Try again.
 */
import { useEffect, useId, useRef } from "react";
import { indiaDateTime } from "~/lib/dates";
import { formatInr } from "~/lib/money";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { useMay } from "~/features/admin/shell/use-may";
import type { AdminOrderJson } from "./orders-admin";
import RefundForm from "./RefundForm";
import {
  fetchPaymentsAndRefunds,
  type PaymentRecordsAnswer,
  type RefundsAnswer,
} from "./refunds-client";

/** Reading a pending refund again: every 3 s, for at most 2 minutes. */
const REFUND_POLL_MS = 3_000;
const REFUND_POLLS = 40;

const when = (iso: string | null) => (iso ? indiaDateTime(iso) : "");

function Payments({ records }: { records: PaymentRecordsAnswer }) {
  if (records.payments.length === 0) return null;
  return (
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
  );
}

function Refunds({ refunds }: { refunds: RefundsAnswer }) {
  return (
    <>
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
    </>
  );
}

function OrderLog({ records }: { records: PaymentRecordsAnswer }) {
  if (records.log.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-ink-700">Order log ({records.log.length})</summary>
      <ul className="mt-2 space-y-1 text-ink-500">
        {records.log.map((l) => (
          <li key={l.id}>
            {when(l.at)} · {l.kind} · {l.message}
          </li>
        ))}
      </ul>
    </details>
  );
}

export default function RefundPanel({ order }: { order: Pick<AdminOrderJson, "id" | "status"> }) {
  const data = useScreenData((signal) => fetchPaymentsAndRefunds(order.id, signal), [order.id]);
  const id = useId();
  // The accountant reads the payments and refunds; only the owner refunds (docs/team.md).
  const mayRefund = useMay()("POST", `/v2/admin/order/${encodeURIComponent(order.id)}/refunds`);
  // A refund the owner started is in progress for a moment: read it again until it settles
  // (GET asks the provider about pending refunds), so the panel follows the state it caused.
  const polls = useRef(0);
  const pending =
    data.state === "found" && data.data.refunds.refunds.some((r) => r.status === "PENDING");
  const { retry, refreshing } = data;
  useEffect(() => {
    if (!pending || refreshing || polls.current >= REFUND_POLLS) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      retry();
    }, REFUND_POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, refreshing, retry]);
  return (
    <section
      className="space-y-4 rounded-2xl border border-cream-200 p-4"
      aria-labelledby={`${id}-title`}
      data-refund-panel={order.id}
    >
      <h2 id={`${id}-title`} className="text-xl text-ink-900">
        Payments and refunds
      </h2>
      <ScreenState
        data={data}
        loading="Loading the payments and refunds"
        failed="The payments and refunds could not be loaded."
      >
        {({ refunds, records }) => {
          const canRefund = mayRefund && refunds.refundable.amount > 0;
          return (
            <>
              <Payments records={records} />
              <Refunds refunds={refunds} />
              {canRefund && (
                <RefundForm
                  orderId={order.id}
                  refundable={refunds.refundable.amount}
                  canCancel={["processing", "shipped"].includes(order.status)}
                  onRefunded={(answer) => {
                    polls.current = 0;
                    data.update((shown) => ({ ...shown, refunds: answer }));
                    data.retry();
                  }}
                />
              )}
              <OrderLog records={records} />
            </>
          );
        }}
      </ScreenState>
    </section>
  );
}
