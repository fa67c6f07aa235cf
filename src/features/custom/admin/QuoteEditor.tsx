/**
 * The owner's quote editor (issue 12 §1): title, description, price (rupees), the shipping
 * estimate (SPEC §9 weight tier or a figure), the dispatch window, the stage list (custom or
 * varmala), a reference image (the portal's upload) and the expiry date. Saves a draft, or revises
 * a sent quote (`revising`). Checked with the server's schema before it is sent.
 */
import { useState } from "react";
import { showToast } from "../../../components/ui/toast-store";
import { ApiError } from "../../../lib/api-client";
import { useHydrated } from "../../../components/ui/use-hydrated";
import { adminPost, adminPut } from "../../admin/shell/admin-api";
import ImageUpload from "../../admin/uploads/ImageUpload";
import type { QuoteJson } from "../quotes";
import { emptyQuoteForm, formFromQuote, quoteBodyOf, type QuoteForm } from "./quote-editor";

interface Props {
  inquiryId: string;
  /** A draft to edit, or a sent quote to revise; none for a new draft. */
  quote?: QuoteJson;
  onSaved: (quote: QuoteJson, link?: string) => void;
}

const input = "mt-1 block w-full rounded-xl border border-cream-300 bg-white px-3 py-2 text-sm";
const label = "block text-sm font-medium text-ink-700";

export default function QuoteEditor({ inquiryId, quote, onSaved }: Props) {
  const hydrated = useHydrated();
  const [form, setForm] = useState<QuoteForm>(() =>
    quote ? formFromQuote(quote) : emptyQuoteForm(),
  );
  const [busy, setBusy] = useState(false);
  const revising = quote?.status === "sent";
  const set = <K extends keyof QuoteForm>(key: K, value: QuoteForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function onSave() {
    const checked = quoteBodyOf(form);
    if (!checked.ok) {
      showToast({ type: "error", title: checked.error });
      return;
    }
    setBusy(true);
    try {
      if (revising) {
        const answer = await adminPost<{ quote: QuoteJson; link: string }>(
          `/v2/admin/quotes/${encodeURIComponent(quote!.id)}/revise`,
          checked.body,
        );
        onSaved(answer.quote, answer.link);
      } else if (quote) {
        onSaved(
          await adminPut<QuoteJson>(
            `/v2/admin/quotes/${encodeURIComponent(quote.id)}`,
            checked.body,
          ),
        );
      } else {
        onSaved(
          await adminPost<QuoteJson>(
            `/v2/admin/inquiries/${encodeURIComponent(inquiryId)}/quotes`,
            checked.body,
          ),
        );
      }
    } catch (error) {
      showToast({
        type: "error",
        title: error instanceof ApiError ? error.message : "The quote could not be saved",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      className="space-y-4 rounded-3xl border border-cream-200 bg-white/85 p-5"
      data-quote-editor
    >
      <label className={label}>
        Title
        <input
          className={input}
          name="title"
          value={form.title}
          maxLength={120}
          onChange={(e) => set("title", e.currentTarget.value)}
        />
      </label>
      <label className={label}>
        Description
        <textarea
          className={input}
          name="description"
          rows={4}
          value={form.description}
          maxLength={4000}
          onChange={(e) => set("description", e.currentTarget.value)}
        />
      </label>
      <div className="grid gap-4 sm:grid-cols-3">
        <label className={label}>
          Price (₹)
          <input
            className={input}
            name="price"
            inputMode="decimal"
            value={form.price}
            onChange={(e) => set("price", e.currentTarget.value)}
          />
        </label>
        <label className={label}>
          Shipping estimate
          <select
            className={input}
            name="shippingMode"
            value={form.shippingMode}
            onChange={(e) =>
              set("shippingMode", e.currentTarget.value as QuoteForm["shippingMode"])
            }
          >
            <option value="weight">By weight (SPEC tiers)</option>
            <option value="figure">A figure</option>
          </select>
        </label>
        {form.shippingMode === "weight" ? (
          <label className={label}>
            Weight (kg)
            <input
              className={input}
              name="shippingWeight"
              inputMode="decimal"
              value={form.shippingWeight}
              onChange={(e) => set("shippingWeight", e.currentTarget.value)}
            />
          </label>
        ) : (
          <label className={label}>
            Shipping (₹)
            <input
              className={input}
              name="shippingEstimate"
              inputMode="decimal"
              value={form.shippingEstimate}
              onChange={(e) => set("shippingEstimate", e.currentTarget.value)}
            />
          </label>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        <label className={label}>
          Piece
          <select
            className={input}
            name="stageSet"
            value={form.stageSet}
            onChange={(e) => set("stageSet", e.currentTarget.value as QuoteForm["stageSet"])}
          >
            <option value="custom">Custom piece (5-20 days)</option>
            <option value="varmala">Varmala (20+ days)</option>
          </select>
        </label>
        <label className={label}>
          Dispatch from (days)
          <input
            className={input}
            name="dispatchMinDays"
            inputMode="numeric"
            value={form.dispatchMinDays}
            onChange={(e) => set("dispatchMinDays", e.currentTarget.value)}
          />
        </label>
        <label className={label}>
          to (days)
          <input
            className={input}
            name="dispatchMaxDays"
            inputMode="numeric"
            value={form.dispatchMaxDays}
            onChange={(e) => set("dispatchMaxDays", e.currentTarget.value)}
          />
        </label>
        <label className={label}>
          Expires on
          <input
            className={input}
            name="expiresAt"
            type="date"
            value={form.expiresAt}
            onChange={(e) => set("expiresAt", e.currentTarget.value)}
          />
        </label>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <ImageUpload
            label="Reference image"
            alertOnFailure={false}
            disabled={busy}
            onUploaded={(url) => set("referenceImage", url)}
          />
        </div>
        {form.referenceImage && (
          <img
            src={form.referenceImage}
            alt="Reference"
            className="h-16 w-16 rounded-lg border border-cream-200 object-cover"
          />
        )}
      </div>
      <button
        type="button"
        className="rounded-full bg-ink-900 px-6 py-2.5 text-sm font-semibold text-cream-50 disabled:opacity-50"
        disabled={!hydrated || busy}
        onClick={() => void onSave()}
        data-save-quote
      >
        {revising ? "Send revised quote" : quote ? "Save draft" : "Create draft"}
      </button>
    </div>
  );
}
