/**
 * The customer's parcel of one order (docs/decisions/0123-customer-materials.md), on the order
 * screen: its reference, the courier and tracking number the customer gave, and "Mark parcel
 * received" with a note and photos of its condition (the promise then counts from receipt).
 * Usage: <MaterialsPanel orderId={id} />. Orders that wait for no parcel show nothing.
 */
import { useRef, useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { indiaDate } from "~/lib/dates";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { LoadFailed } from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import ImageUpload, { type PendingUpload } from "~/features/admin/uploads/ImageUpload";
import { fetchOrderMaterials, markReceived } from "./materials-client";

export default function MaterialsPanel({ orderId }: { orderId: string }) {
  const data = useScreenData((signal) => fetchOrderMaterials(orderId, signal), [orderId]);
  const [photos, setPhotos] = useState<string[]>([]);
  const pending: PendingUpload = useRef(null);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  if (data.state === "loading" || data.state === "missing") return null;
  if (data.state === "failed")
    return (
      <LoadFailed
        text="The customer's parcel could not be loaded."
        detail={data.error}
        onRetry={data.retry}
      />
    );
  const m = data.data;

  async function onReceived() {
    setBusy(true);
    try {
      // A chosen photo goes with the parcel (uploaded now, or its running upload waited for).
      const chosen = await pending.current?.();
      const saved = await markReceived(orderId, {
        note: note.trim(),
        photos: chosen ? [...photos, chosen] : photos,
      });
      data.update(() => saved);
      showToast({
        type: "success",
        title: "Parcel marked received",
        message: saved.promisedDispatchAt
          ? `Promised dispatch now ${indiaDate(saved.promisedDispatchAt)}`
          : undefined,
      });
    } catch (error) {
      showPortalError(error, "The parcel was not marked received");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      className="space-y-3 rounded-3xl border border-cream-200 bg-white/85 p-5"
      data-materials-panel={orderId}
      data-received={m.receivedAt ? "true" : "false"}
    >
      <h2 className="text-xl text-ink-900">Customer's parcel</h2>
      <p className="text-sm text-ink-700">
        Reference <span className="font-mono">{m.reference}</span>
        {m.sentAt
          ? ` · sent with ${m.courier}, tracking ${m.tracking}`
          : " · the customer has not said how they sent it yet"}
      </p>
      {m.receivedAt ? (
        <>
          <p className="text-sm text-ink-800">
            Received {indiaDate(m.receivedAt)}. {m.receivedNote}
          </p>
          <span className="flex flex-wrap gap-1">
            {m.receivedPhotos.map((p) => (
              <img key={p} src={p} alt="" className="h-12 w-12 rounded object-cover" />
            ))}
          </span>
          <ul
            className="list-disc space-y-0.5 pl-5 text-sm text-ink-700"
            data-preservation-timeline
          >
            {m.timeline.map((s) => (
              <li key={s.step} data-step={s.step}>
                {s.sentence}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="space-y-2 border-t border-cream-200 pt-3">
          <label
            htmlFor={`${orderId}-parcel-note`}
            className="block text-sm font-medium text-ink-800"
          >
            Condition on arrival
          </label>
          <textarea
            id={`${orderId}-parcel-note`}
            className="block w-full rounded-xl border border-cream-300 px-3 py-2 text-sm"
            rows={2}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <ImageUpload
            label="Parcel photo"
            alertOnFailure={false}
            disabled={busy}
            pending={pending}
            onUploaded={(url) => setPhotos((list) => [...list, url])}
          />
          {photos.length > 0 && (
            <p className="text-xs text-ink-500">{photos.length} photo(s) ready</p>
          )}
          <button
            type="button"
            className="rounded-full bg-ink-900 px-5 py-2 text-sm font-semibold text-cream-50 disabled:opacity-50"
            disabled={busy}
            onClick={onReceived}
            data-mark-received
          >
            Mark parcel received
          </button>
        </div>
      )}
    </section>
  );
}
