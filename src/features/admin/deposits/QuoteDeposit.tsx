/**
 * A draft quote's deposit (docs/decisions/0124-deposits.md), on the inquiry's quotes: none, a
 * percentage (10-90) or an amount in rupees; saved at once, the split shown.
 * Usage: <QuoteDeposit quoteId={id} />.
 */
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { formatInr, rupeesToPaise } from "~/lib/money";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import type { OrderDepositJson } from "~/features/made-to-order/deposits";
import { fetchQuoteDeposit, saveQuoteDeposit } from "./deposits-client";

export default function QuoteDeposit({ quoteId }: { quoteId: string }) {
  const data = useScreenData((signal) => fetchQuoteDeposit(quoteId, signal), [quoteId]);
  const [kind, setKind] = useState<"none" | "percent" | "amount">("percent");
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<OrderDepositJson | null | undefined>(undefined);
  if (data.state === "loading" || data.state === "failed") return null;
  const current = saved !== undefined ? saved : data.state === "found" ? data.data : null;

  async function save() {
    const body =
      kind === "none"
        ? {}
        : kind === "percent"
          ? { percent: Number(value) }
          : { amount: rupeesToPaise(value) ?? Number.NaN };
    setBusy(true);
    try {
      const answer = await saveQuoteDeposit(quoteId, body);
      setSaved(answer);
      showToast({ type: "success", title: answer ? "Deposit saved" : "Deposit removed" });
    } catch (error) {
      showPortalError(error, "The deposit was not saved");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2 flex flex-wrap items-end gap-2 text-sm" data-quote-deposit={quoteId}>
      <span className="text-ink-600">
        {current
          ? `Advance ${formatInr(current.advance)} now, balance ${formatInr(current.balance)} before dispatch`
          : "Paid in full upfront"}
      </span>
      <select
        aria-label="Deposit"
        className="rounded-xl border border-cream-300 px-2 py-1"
        value={kind}
        onChange={(event) => setKind(event.currentTarget.value as typeof kind)}
      >
        <option value="percent">Advance %</option>
        <option value="amount">Advance ₹</option>
        <option value="none">No deposit</option>
      </select>
      {kind !== "none" && (
        <input
          aria-label={kind === "percent" ? "Advance percentage" : "Advance amount (₹)"}
          className="w-24 rounded-xl border border-cream-300 px-2 py-1"
          inputMode="decimal"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      )}
      <button
        type="button"
        className="rounded-full border px-3 py-1 disabled:opacity-50"
        disabled={busy}
        onClick={save}
      >
        Save deposit
      </button>
    </div>
  );
}
