/**
 * Stock on the product screen (docs/decisions/0216, 0218, 0272): the stock mode with its count (or
 * a count per option combination) and "Only N left" threshold (StockSettings.tsx, saved on their
 * own, not with the product form), then an adjustment
 * with a reason and the latest adjustments. Usage: <ProductStockPanel productId={id} />.
 */
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { ADJUSTMENT_LABELS, ADJUSTMENT_REASONS, type StockJson } from "~/features/stock/stock";
import { addAdjustment, fetchStock } from "./stock-client";
import StockSettings from "./StockSettings";

const input = "rounded-lg border border-cream-300 bg-white px-2 py-1 text-sm";

export default function ProductStockPanel({ productId }: { productId: string }) {
  const data = useScreenData((signal) => fetchStock(productId, signal), [productId]);
  if (data.state !== "found") return null;
  return (
    <section
      aria-labelledby="stock-title"
      className="space-y-4 rounded-2xl border border-cream-200 bg-white/85 p-4 text-sm"
      data-stock-panel
    >
      <h2 id="stock-title" className="text-lg text-ink-900">
        Stock
      </h2>
      <StockSettings
        productId={productId}
        stock={data.data}
        onSaved={(s) => data.update(() => s)}
      />
      {data.data.mode !== "made_to_order" && !data.data.byCombination && (
        <Adjust productId={productId} onSaved={(s) => data.update(() => s)} />
      )}
      {data.data.adjustments.length > 0 && (
        <ul className="space-y-1 text-ink-600" aria-label="Latest adjustments">
          {data.data.adjustments.map((a) => (
            <li key={a.id}>
              {new Date(a.at).toLocaleString("en-IN")}: {a.change > 0 ? `+${a.change}` : a.change} (
              {ADJUSTMENT_LABELS[a.reason]}
              {a.note ? `: ${a.note}` : ""}), {a.onHandAfter} on the shelf
              {a.by ? `, by ${a.by}` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Adjust({ productId, onSaved }: { productId: string; onSaved: (s: StockJson) => void }) {
  const [change, setChange] = useState("");
  const [reason, setReason] = useState<string>(ADJUSTMENT_REASONS[0]);
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const submit = async () => {
    setError("");
    try {
      onSaved(await addAdjustment(productId, { change: Number(change), reason, note }));
      setChange("");
      setNote("");
      showToast({ type: "success", title: "Adjustment saved" });
    } catch (e) {
      setError(e instanceof Error ? e.message : "The adjustment was not saved");
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1">
        Add or take away
        <input
          className={`${input} w-24`}
          type="number"
          step={1}
          value={change}
          onChange={(e) => setChange(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1">
        Reason
        <select className={input} value={reason} onChange={(e) => setReason(e.target.value)}>
          {ADJUSTMENT_REASONS.map((r) => (
            <option key={r} value={r}>
              {ADJUSTMENT_LABELS[r]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        Note
        <input
          className={input}
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <button
        type="button"
        onClick={submit}
        className="rounded-full border border-ink-900 px-4 py-2"
      >
        Adjust
      </button>
      {error && (
        <p role="alert" className="w-full text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
