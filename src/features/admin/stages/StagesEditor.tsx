/**
 * The owner's studio stages of one order (docs/decisions/0046-dispatch-promise-and-stages.md), on
 * the order screen: the timeline, the next stage marked done with a note and photos (the portal's
 * upload), and the shipping charge link at dispatch. Usage: <StagesEditor orderId={id} />. A
 * failed load says so with Try again (it never hides); an order without stages shows only the
 * shipping charge form.
 */
import { useRef, useState } from "react";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { showToast } from "~/components/ui/toast-store";
import { rupeesToPaise } from "~/lib/money";
import { indiaDate } from "~/lib/dates";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { LoadFailed } from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import ImageUpload, { type PendingUpload } from "~/features/admin/uploads/ImageUpload";
import { fetchOrderStages, markStageDone, sendShippingCharge } from "./stages-client";
import {
  shippingChargeForm,
  stageForm,
  type ShippingChargeForm,
  type StageForm,
} from "./stages-form.schema";

const fieldError = "mt-1 text-sm text-red-700";

export default function StagesEditor({ orderId }: { orderId: string }) {
  const data = useScreenData((signal) => fetchOrderStages(orderId, signal), [orderId]);
  const [photos, setPhotos] = useState<string[]>([]);
  const pending: PendingUpload = useRef(null);
  const [link, setLink] = useState("");
  const note = useSchemaForm(stageForm, { defaultValues: { note: "" } });
  const charge = useSchemaForm(shippingChargeForm, { defaultValues: { amount: "" } });

  if (data.state === "loading" || data.state === "missing") return null;
  if (data.state === "failed")
    return (
      <section data-stages-editor={orderId}>
        <LoadFailed
          text="The studio stages could not be loaded."
          detail={data.error}
          onRetry={data.retry}
        />
      </section>
    );

  const stages = data.data;
  const next = stages.stages.find((s) => !s.done);
  const busy = note.formState.isSubmitting;

  async function onMark(values: StageForm) {
    if (!next) return;
    // A chosen photo goes with the stage (uploaded now, or its running upload waited for).
    const chosen = await pending.current?.();
    try {
      const saved = await markStageDone(orderId, {
        stage: next.key,
        note: values.note,
        photos: chosen ? [...photos, chosen] : photos,
      });
      data.update(() => saved);
      note.reset({ note: "" });
      setPhotos([]);
      showToast({ type: "success", title: `${next.label} marked done` });
    } catch (error) {
      showPortalError(error, "The stage was not saved");
    }
  }

  async function onCharge(values: ShippingChargeForm) {
    try {
      const answer = await sendShippingCharge(orderId, rupeesToPaise(values.amount) ?? 0);
      setLink(answer.link);
      showToast({ type: "success", title: "Shipping charge link sent" });
    } catch (error) {
      showPortalError(error, "The payment link was not sent");
    }
  }

  return (
    <section
      className="space-y-4 rounded-3xl border border-cream-200 bg-white/85 p-5"
      data-stages-editor={orderId}
    >
      <h2 className="text-xl text-ink-900">Studio</h2>
      {stages.promisedDispatchAt && (
        <p className="text-sm text-ink-600">
          Promised dispatch by {indiaDate(stages.promisedDispatchAt)}
        </p>
      )}
      {stages.stageSet && (
        <ol className="space-y-2 text-sm">
          {stages.stages.map((s) => (
            <li key={s.key} data-stage={s.key} data-done={s.done ? "true" : "false"}>
              <span className={s.done ? "font-medium text-ink-900" : "text-ink-500"}>
                {s.label}
              </span>
              {s.doneAt && <span className="text-ink-500"> · done {indiaDate(s.doneAt)}</span>}
              {s.expectedAt && (
                <span className="text-ink-500"> · expected by {indiaDate(s.expectedAt)}</span>
              )}
              {s.note && <span className="block break-words text-ink-600">{s.note}</span>}
              {s.photos.length > 0 && (
                <span className="flex flex-wrap gap-1">
                  {s.photos.map((p) => (
                    <img key={p} src={p} alt="" className="h-10 w-10 rounded object-cover" />
                  ))}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {stages.stageSet && next && (
        <form
          noValidate
          onSubmit={note.handleSubmit(onMark)}
          className="space-y-2 border-t border-cream-200 pt-3"
        >
          <label
            htmlFor={`${orderId}-stage-note`}
            className="block text-sm font-medium text-ink-800"
          >
            Mark done: {next.label}
          </label>
          <textarea
            id={`${orderId}-stage-note`}
            className="block w-full rounded-xl border border-cream-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-400"
            rows={2}
            placeholder="Note for the customer (optional)"
            maxLength={2000}
            aria-invalid={Boolean(note.formState.errors.note)}
            data-stage-note
            {...note.register("note")}
          />
          {note.formState.errors.note && (
            <p className={fieldError}>{note.formState.errors.note.message}</p>
          )}
          <ImageUpload
            label="Stage photo"
            alertOnFailure={false}
            disabled={busy}
            pending={pending}
            onUploaded={(url) => setPhotos((p) => [...p, url])}
          />
          {photos.length > 0 && (
            <p className="text-xs text-ink-500">{photos.length} photo(s) ready</p>
          )}
          <button
            type="submit"
            className="rounded-full bg-ink-900 px-5 py-2 text-sm font-semibold text-cream-50 disabled:opacity-50"
            disabled={busy}
            data-mark-stage
          >
            Mark done
          </button>
        </form>
      )}
      <form
        noValidate
        onSubmit={charge.handleSubmit(onCharge)}
        className="flex flex-wrap items-end gap-2 border-t border-cream-200 pt-3"
      >
        <div>
          <label htmlFor={`${orderId}-charge`} className="block text-sm text-ink-700">
            Shipping charge (₹)
          </label>
          <input
            id={`${orderId}-charge`}
            className="mt-1 block rounded-xl border border-cream-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-400"
            inputMode="decimal"
            aria-invalid={Boolean(charge.formState.errors.amount)}
            {...charge.register("amount")}
          />
        </div>
        <button
          type="submit"
          className="rounded-full border border-cream-300 px-4 py-2 text-sm disabled:opacity-50"
          disabled={charge.formState.isSubmitting}
        >
          Send payment link
        </button>
        {charge.formState.errors.amount && (
          <p className={`${fieldError} w-full`}>{charge.formState.errors.amount.message}</p>
        )}
        {link && <p className="w-full break-all text-xs text-ink-600">{link}</p>}
      </form>
    </section>
  );
}
