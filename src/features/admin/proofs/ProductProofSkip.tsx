/**
 * "Skip proofs" of one product (docs/decisions/0121-proofs.md), on the product screen: a
 * personalised line of this product then goes into production without the customer's approval
 * of a proof. Saved as soon as it is ticked (its own setting, not the product form's).
 * Usage: <ProductProofSkip productId={id} />.
 */
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { fetchProofSkip, saveProofSkip } from "./proofs-client";

export default function ProductProofSkip({ productId }: { productId: string }) {
  const data = useScreenData((signal) => fetchProofSkip(productId, signal), [productId]);
  const [saving, setSaving] = useState(false);
  if (data.state !== "found") return null;

  async function toggle(skip: boolean) {
    setSaving(true);
    try {
      const saved = await saveProofSkip(productId, skip);
      data.update(() => saved);
      showToast({
        type: "success",
        title: skip ? "Proofs skipped for this product" : "Proofs asked for this product",
      });
    } catch (error) {
      showPortalError(error, "The proof setting was not saved");
    } finally {
      setSaving(false);
    }
  }

  return (
    <label
      className="flex items-start gap-2 rounded-2xl border border-cream-200 bg-white/85 p-4 text-sm"
      data-proof-skip
    >
      <input
        type="checkbox"
        className="mt-1"
        checked={data.data.skip}
        disabled={saving}
        onChange={(event) => toggle(event.currentTarget.checked)}
      />
      <span>
        <span className="block font-medium text-ink-900">Skip proofs</span>
        <span className="block text-ink-600">
          Personalised orders of this product are made without sending the customer a proof to
          approve.
        </span>
      </span>
    </label>
  );
}
