/**
 * The owner's studio stages of one order (issue 12 §3), for the order screen: the timeline, the
 * next stage marked done with a note and photos (the portal's upload), and the shipping charge
 * link at dispatch. Usage: <StagesEditor orderId={id} /> (renders nothing for orders without stages
 * except the shipping charge form).
 */
import { useCallback, useEffect, useState } from "react";
import { showToast } from "../../../components/ui/toast-store";
import { ApiError } from "../../../lib/api-client";
import { rupeesToPaise } from "../../../lib/money";
import { adminGet, adminPost } from "../../admin/shell/admin-api";
import ImageUpload from "../../admin/uploads/ImageUpload";
import type { StageView } from "../stages";
import { indiaDate } from "../../../lib/dates";

interface Stages {
  orderId: string;
  stageSet: "custom" | "varmala" | null;
  promisedDispatchAt: string | null;
  stages: StageView[];
}

export default function StagesEditor({ orderId }: { orderId: string }) {
  const [data, setData] = useState<Stages | null>(null);
  const [note, setNote] = useState("");
  const [photos, setPhotos] = useState<string[]>([]);
  const [charge, setCharge] = useState("");
  const [link, setLink] = useState("");
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    adminGet<Stages>(`/v2/admin/order/${encodeURIComponent(orderId)}/stages`)
      .then(setData)
      .catch(() => setData(null));
  }, [orderId]);
  useEffect(load, [load]);

  const next = data?.stages.find((s) => !s.done);

  async function onMark() {
    if (!next) return;
    setBusy(true);
    try {
      setData(
        await adminPost<Stages>(`/v2/admin/order/${encodeURIComponent(orderId)}/stages`, {
          stage: next.key,
          note,
          photos,
        }),
      );
      setNote("");
      setPhotos([]);
      showToast({ type: "success", title: `${next.label} marked done` });
    } catch (error) {
      showToast({
        type: "error",
        title: error instanceof ApiError ? error.message : "The stage could not be saved",
      });
    } finally {
      setBusy(false);
    }
  }

  async function onCharge() {
    const amount = rupeesToPaise(charge);
    if (!amount) {
      showToast({ type: "error", title: "Enter the shipping charge in rupees" });
      return;
    }
    try {
      const answer = await adminPost<{ link: string }>(
        `/v2/admin/order/${encodeURIComponent(orderId)}/shipping-charge`,
        { amount },
      );
      setLink(answer.link);
      showToast({ type: "success", title: "Shipping charge link sent" });
    } catch (error) {
      showToast({ type: "error", title: error instanceof ApiError ? error.message : "Failed" });
    }
  }

  if (!data) return null;
  return (
    <section
      className="space-y-4 rounded-3xl border border-cream-200 bg-white/85 p-5"
      data-stages-editor={orderId}
    >
      <h2 className="text-xl text-ink-900">Studio</h2>
      {data.promisedDispatchAt && (
        <p className="text-sm text-ink-600">
          Promised dispatch by {indiaDate(data.promisedDispatchAt)}
        </p>
      )}
      {data.stageSet && (
        <ol className="space-y-2 text-sm">
          {data.stages.map((s) => (
            <li key={s.key} data-stage={s.key} data-done={s.done ? "true" : "false"}>
              <span className={s.done ? "font-medium text-ink-900" : "text-ink-500"}>
                {s.label}
              </span>
              {s.doneAt && <span className="text-ink-500"> · done {indiaDate(s.doneAt)}</span>}
              {s.expectedAt && (
                <span className="text-ink-500"> · expected by {indiaDate(s.expectedAt)}</span>
              )}
              {s.note && <span className="block text-ink-600">{s.note}</span>}
              {s.photos.length > 0 && (
                <span className="flex gap-1">
                  {s.photos.map((p) => (
                    <img key={p} src={p} alt="" className="h-10 w-10 rounded object-cover" />
                  ))}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {data.stageSet && next && (
        <div className="space-y-2 border-t border-cream-200 pt-3">
          <p className="text-sm font-medium text-ink-800">Mark done: {next.label}</p>
          <textarea
            className="block w-full rounded-xl border border-cream-300 px-3 py-2 text-sm"
            rows={2}
            placeholder="Note for the customer (optional)"
            value={note}
            maxLength={2000}
            onChange={(e) => setNote(e.currentTarget.value)}
            data-stage-note
          />
          <ImageUpload
            label="Stage photo"
            alertOnFailure={false}
            disabled={busy}
            onUploaded={(url) => setPhotos((p) => [...p, url])}
          />
          {photos.length > 0 && (
            <p className="text-xs text-ink-500">{photos.length} photo(s) ready</p>
          )}
          <button
            type="button"
            className="rounded-full bg-ink-900 px-5 py-2 text-sm font-semibold text-cream-50 disabled:opacity-50"
            disabled={busy}
            onClick={() => void onMark()}
            data-mark-stage
          >
            Mark done
          </button>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-2 border-t border-cream-200 pt-3">
        <label className="text-sm text-ink-700">
          Shipping charge (₹)
          <input
            className="mt-1 block rounded-xl border border-cream-300 px-3 py-2 text-sm"
            inputMode="decimal"
            value={charge}
            onChange={(e) => setCharge(e.currentTarget.value)}
          />
        </label>
        <button
          type="button"
          className="rounded-full border border-cream-300 px-4 py-2 text-sm"
          onClick={() => void onCharge()}
        >
          Send payment link
        </button>
        {link && <p className="w-full break-all text-xs text-ink-600">{link}</p>}
      </div>
    </section>
  );
}
