/**
 * The stock panel's settings (docs/decisions/0218-stock-owner-tools.md, 0272): the stock mode, the
 * count (for the whole product, or one per option combination when the owner ticks "Count each
 * combination": a coaster set with 2 blue, 0 green, 1 red) and the "Only N left" threshold, saved
 * together. The body is made by stock-form.ts; the server checks every count.
 */
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import {
  STOCK_MODE_LABELS,
  STOCK_MODES,
  type StockJson,
  type StockMode,
} from "~/features/stock/stock";
import { saveStock } from "./stock-client";
import { initialStockForm, type StockForm, stockBody } from "./stock-form";

const input = "rounded-lg border border-cream-300 bg-white px-2 py-1 text-sm";

export default function StockSettings({
  productId,
  stock,
  onSaved,
}: {
  productId: string;
  stock: StockJson;
  onSaved: (s: StockJson) => void;
}) {
  const [form, setForm] = useState<StockForm>(() => initialStockForm(stock));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<StockForm>) => setForm((f) => ({ ...f, ...change }));
  const save = async () => {
    setBusy(true);
    setError("");
    try {
      onSaved(await saveStock(productId, stockBody(form, stock)));
      showToast({ type: "success", title: "Stock saved" });
    } catch (e) {
      setError(e instanceof Error ? e.message : "The stock was not saved");
      showPortalError(e, "The stock was not saved");
    } finally {
      setBusy(false);
    }
  };
  const counted = form.mode !== "made_to_order";
  const perCombo = counted && form.perCombo && stock.combinations.length > 0;
  const held = new Map(stock.levels.map((l) => [l.combo, l.held]));
  const heldWhole = held.get("") ?? 0;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1">
        Stock mode
        <select
          className={input}
          value={form.mode}
          onChange={(e) => set({ mode: e.target.value as StockMode })}
        >
          {STOCK_MODES.map((m) => (
            <option key={m} value={m}>
              {STOCK_MODE_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
      {counted && !perCombo && (
        <label className="flex flex-col gap-1">
          Pieces on the shelf
          <input
            className={`${input} w-24`}
            type="number"
            min={0}
            step={1}
            value={form.count}
            onChange={(e) => set({ count: e.target.value })}
          />
        </label>
      )}
      {counted && (
        <label className="flex flex-col gap-1">
          Show "Only N left" at
          <input
            className={`${input} w-24`}
            type="number"
            min={0}
            step={1}
            value={form.low}
            onChange={(e) => set({ low: e.target.value })}
          />
        </label>
      )}
      {counted && stock.combinations.length > 0 && (
        <label className="flex w-full items-center gap-2">
          <input
            type="checkbox"
            checked={form.perCombo}
            onChange={(e) => set({ perCombo: e.target.checked })}
          />
          Count each combination of options
        </label>
      )}
      {perCombo && (
        <fieldset className="w-full space-y-2" data-stock-combos>
          <legend className="text-ink-700">Pieces on the shelf per combination</legend>
          {stock.combinations.map((c) => (
            <label key={c.key} className="flex flex-wrap items-center gap-2">
              <input
                className={`${input} w-20`}
                type="number"
                min={0}
                step={1}
                aria-label={`Pieces on the shelf: ${c.label}`}
                value={form.counts[c.key] ?? "0"}
                onChange={(e) => set({ counts: { ...form.counts, [c.key]: e.target.value } })}
              />
              <span>{c.label}</span>
              {(held.get(c.key) ?? 0) > 0 && (
                <span className="text-ink-600">({held.get(c.key)} held by unpaid orders)</span>
              )}
            </label>
          ))}
        </fieldset>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={save}
        className="rounded-full bg-ink-900 px-4 py-2 text-cream-50 disabled:opacity-50"
      >
        Save stock
      </button>
      {heldWhole > 0 && <p className="w-full text-ink-600">{heldWhole} held by unpaid orders.</p>}
      {error && (
        <p role="alert" className="w-full text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
