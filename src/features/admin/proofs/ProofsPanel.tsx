/**
 * The owner's proofs of one order (docs/decisions/0121-proofs.md), on the order screen: every round
 * with the customer's answers, and a new round (mock-ups through the portal's upload, a message)
 * when the exchange allows one. Usage: <ProofsPanel orderId={id} />. Orders without a personalised
 * line show nothing; a failed load says so with Try again.
 */
import { useRef, useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { indiaDate } from "~/lib/dates";
import ProofLines from "~/features/made-to-order/ProofLines";
import ProofRounds from "~/features/made-to-order/ProofRounds";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { LoadFailed } from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import ImageUpload, { type PendingUpload } from "~/features/admin/uploads/ImageUpload";
import { fetchOrderProofs, sendOrderProof } from "./proofs-client";
import { proofForm, type ProofForm } from "./proofs-form.schema";

const STATE_TEXT = {
  none: "No proof sent yet: production stages wait for the customer's approval.",
  awaiting: "Waiting for the customer's answer.",
  changes: "The customer asked for changes: send a new proof.",
  approved: "Approved: the personalisation is locked.",
} as const;
/** The last round was closed by the customer's correction (decision 0287). */
const OUTDATED_TEXT =
  "The customer corrected the personalisation after the last proof: it is outdated, send a new proof.";

export default function ProofsPanel({ orderId }: { orderId: string }) {
  const data = useScreenData((signal) => fetchOrderProofs(orderId, signal), [orderId]);
  const [images, setImages] = useState<string[]>([]);
  const pending: PendingUpload = useRef(null);
  const form = useSchemaForm(proofForm, { defaultValues: { message: "" } });

  if (data.state === "loading" || data.state === "missing") return null;
  if (data.state === "failed")
    return (
      <section data-proofs-panel={orderId}>
        <LoadFailed
          text="The proofs could not be loaded."
          detail={data.error}
          onRetry={data.retry}
        />
      </section>
    );
  const proofs = data.data;
  if (!proofs.needed && proofs.rounds.length === 0) return null;
  const canSend = proofs.state === "none" || proofs.state === "changes";
  const busy = form.formState.isSubmitting;

  async function onSend(values: ProofForm) {
    // A chosen mock-up goes with the proof (uploaded now, or its running upload waited for).
    const chosen = await pending.current?.();
    const all = chosen ? [...images, chosen] : images;
    if (all.length === 0) {
      showToast({ type: "warning", title: "Upload at least one mock-up" });
      return;
    }
    try {
      const saved = await sendOrderProof(orderId, { images: all, message: values.message });
      data.update(() => saved);
      form.reset({ message: "" });
      setImages([]);
      showToast({ type: "success", title: "Proof sent to the customer" });
    } catch (error) {
      showPortalError(error, "The proof was not sent");
    }
  }

  return (
    <section
      className="space-y-3 rounded-3xl border border-cream-200 bg-white/85 p-5"
      data-proofs-panel={orderId}
      data-proof-state={proofs.state}
    >
      <h2 className="text-xl text-ink-900">Proof</h2>
      <p className="text-sm text-ink-600">
        {proofs.outdated ? OUTDATED_TEXT : STATE_TEXT[proofs.state]}
        {proofs.approvedAt && ` (${indiaDate(proofs.approvedAt)})`}
      </p>
      <ProofLines lines={proofs.lines} />
      <ProofRounds rounds={proofs.rounds} />
      {canSend && (
        <form
          noValidate
          onSubmit={form.handleSubmit(onSend)}
          className="space-y-2 border-t border-cream-200 pt-3"
        >
          <label
            htmlFor={`${orderId}-proof-message`}
            className="block text-sm font-medium text-ink-800"
          >
            Message to the customer
          </label>
          <textarea
            id={`${orderId}-proof-message`}
            className="block w-full rounded-xl border border-cream-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-400"
            rows={3}
            maxLength={2000}
            aria-invalid={Boolean(form.formState.errors.message)}
            data-proof-message
            {...form.register("message")}
          />
          {form.formState.errors.message && (
            <p className="mt-1 text-sm text-red-700">{form.formState.errors.message.message}</p>
          )}
          <ImageUpload
            label="Proof mock-up"
            alertOnFailure={false}
            disabled={busy}
            pending={pending}
            onUploaded={(url) => setImages((list) => [...list, url])}
          />
          {images.length > 0 && (
            <p className="text-xs text-ink-500">{images.length} mock-up(s) ready</p>
          )}
          <button
            type="submit"
            className="rounded-full bg-ink-900 px-5 py-2 text-sm font-semibold text-cream-50 disabled:opacity-50"
            disabled={busy}
            data-send-proof
          >
            Send proof
          </button>
        </form>
      )}
    </section>
  );
}
