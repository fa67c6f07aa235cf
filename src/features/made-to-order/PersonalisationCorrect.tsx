/**
 * Correcting a piece's personalisation on /my-orders/{id} before its proof is approved
 * (docs/decisions/0231-personalisation-lock.md): the product page's fields, filled with what was
 * ordered; Save sends PUT /v2/orders/{id}/personalisation, checked with the same schema there.
 */
import { useState } from "react";
import { apiJson } from "~/features/account/session-api";
import PersonalisationInputs from "~/features/personalisation/PersonalisationInputs";
import {
  toValues,
  type PersonalisationField,
  type PersonalisedValue,
} from "~/features/personalisation/personalisation";
import { usePersonalisation } from "~/features/personalisation/use-personalisation";

export interface CorrectableLine {
  itemId: string;
  name: string;
  fields: PersonalisationField[];
  personalisation: PersonalisedValue[];
}

export default function PersonalisationCorrect({
  orderId,
  lines,
}: {
  orderId: string;
  lines: CorrectableLine[];
}) {
  return (
    <section
      className="rounded-3xl border border-cream-200 bg-white/85 p-4 sm:p-6"
      aria-labelledby="correct-title"
      data-personalisation-correct
    >
      <h2 id="correct-title" className="mb-2 text-xl text-ink-900">
        Correct your personalisation
      </h2>
      <p className="text-sm text-ink-600">
        Spotted a typo? You can change it until you approve the proof.
      </p>
      {lines.map((line) => (
        <LineForm key={line.itemId} orderId={orderId} line={line} />
      ))}
    </section>
  );
}

function LineForm({ orderId, line }: { orderId: string; line: CorrectableLine }) {
  const personal = usePersonalisation(line.fields, toValues(line.personalisation));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  async function save() {
    const values = personal.check();
    if (!values) return;
    setBusy(true);
    try {
      const answer = await apiJson<{ newProofRound: boolean }>(
        "PUT",
        `/v2/orders/${encodeURIComponent(orderId)}/personalisation`,
        { itemId: line.itemId, personalisation: values },
      );
      setOutcome(
        answer.newProofRound
          ? "Saved. We will send you a new proof with the change."
          : "Saved. We will make it with the change.",
      );
    } catch (error) {
      setOutcome(error instanceof Error ? error.message : "Your change could not be saved.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 flex flex-col gap-3" data-correct-line={line.itemId}>
      <h3 className="font-medium text-ink-900">{line.name}</h3>
      <PersonalisationInputs
        fields={line.fields}
        values={personal.values}
        errors={personal.errors}
        onChange={personal.set}
      />
      <button
        type="button"
        onClick={save}
        disabled={busy}
        className="self-start rounded-full bg-ink-900 px-5 py-2 text-sm font-medium text-cream-50 disabled:opacity-50"
      >
        Save the change
      </button>
      {outcome && (
        <p className="text-sm text-ink-700" role="status">
          {outcome}
        </p>
      )}
    </div>
  );
}
