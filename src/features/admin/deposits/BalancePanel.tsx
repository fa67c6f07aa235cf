/**
 * An order's deposit (docs/decisions/0124-deposits.md), on the order screen: the advance paid, the
 * balance and whether it is paid, and "Send balance link" when the piece is ready (dispatch waits
 * for it). Usage: <BalancePanel order={order} />. Orders paid in full show nothing.
 */
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { indiaDate } from "~/lib/dates";
import { formatInr } from "~/lib/money";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { fetchQuoteDeposit, sendBalanceLink } from "./deposits-client";

export default function BalancePanel({
  order,
}: {
  order: { id: string; kind: string; quoteId: string | null };
}) {
  const quoteId = order.kind === "custom" ? order.quoteId : null;
  const data = useScreenData(
    (signal) => (quoteId ? fetchQuoteDeposit(quoteId, signal) : Promise.resolve(null)),
    [quoteId],
  );
  const [link, setLink] = useState("");
  const [busy, setBusy] = useState(false);
  if (data.state !== "found") return null;
  const d = data.data;

  async function send() {
    setBusy(true);
    try {
      const answer = await sendBalanceLink(order.id);
      data.update(() => answer.deposit);
      setLink(answer.link);
      showToast({ type: "success", title: "Balance link sent" });
    } catch (error) {
      showPortalError(error, "The balance link was not sent");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      className="space-y-2 rounded-3xl border border-cream-200 bg-white/85 p-5"
      data-balance-panel={order.id}
    >
      <h2 className="text-xl text-ink-900">Deposit</h2>
      <p className="text-sm text-ink-700">
        Advance paid {formatInr(d.advance)} · balance {formatInr(d.balance)}{" "}
        {d.balancePaidAt
          ? `paid ${indiaDate(d.balancePaidAt)}`
          : d.balanceLinkSent
            ? "(link sent, unpaid)"
            : "(unpaid)"}
      </p>
      {!d.balancePaidAt && (
        <button
          type="button"
          className="rounded-full bg-ink-900 px-5 py-2 text-sm font-semibold text-cream-50 disabled:opacity-50"
          disabled={busy}
          onClick={send}
          data-send-balance
        >
          Send balance link
        </button>
      )}
      {link && <p className="break-all text-xs text-ink-600">{link}</p>}
    </section>
  );
}
