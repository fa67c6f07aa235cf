/**
 * The customer's answer to a proof (docs/decisions/0121-proofs.md): approve it, or ask for changes
 * with a message. On /my-orders/{id} it calls with the session's token; on the quote link's page
 * without one (the link is the key). The answer's sentence replaces the form.
 */
import { useState } from "react";
import { apiRequest } from "~/lib/api-client";
import { indiaDate } from "~/lib/dates";
import { apiJson } from "~/features/account/session-api";
import { PROOF_TEXTS, type OrderProofsJson } from "./proofs";

interface Props {
  /** POST address of the answer: /v2/orders/{id}/proof or /v2/quotes/{token}/proof. */
  path: string;
  /** Send the session's bearer token (the shopper's own order). */
  signedIn: boolean;
}

type Answer = OrderProofsJson & { promiseMoved: boolean };

export default function ProofAnswer({ path, signedIn }: Props) {
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [done, setDone] = useState<string[] | null>(null);

  async function send(decision: "approve" | "changes") {
    if (decision === "changes" && !message.trim()) {
      setError(PROOF_TEXTS.replyNeeded);
      return;
    }
    setBusy(true);
    setError("");
    try {
      const body = { decision, message: message.trim() };
      const answer = signedIn
        ? await apiJson<Answer>("POST", path, body)
        : await apiRequest<Answer>("POST", path, body);
      const lines: string[] =
        decision === "approve" ? [PROOF_TEXTS.approvedToast] : [PROOF_TEXTS.changes];
      if (answer.promiseMoved && answer.promisedDispatchAt)
        lines.push(PROOF_TEXTS.promiseMoved(indiaDate(answer.promisedDispatchAt)));
      setDone(lines);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <div role="status" className="mt-3 text-sm text-ink-800" data-proof-answered>
        {done.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    );

  return (
    <div className="mt-3 space-y-2" data-proof-answer>
      <label htmlFor="proof-reply" className="block text-sm font-medium text-ink-800">
        {PROOF_TEXTS.replyLabel}
      </label>
      <textarea
        id="proof-reply"
        className="block w-full rounded-xl border border-cream-300 px-3 py-2 text-sm"
        rows={3}
        maxLength={2000}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
      />
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="rounded-full bg-ink-900 px-5 py-2 text-sm font-semibold text-cream-50 disabled:opacity-50"
          disabled={busy}
          onClick={() => send("approve")}
        >
          {PROOF_TEXTS.approve}
        </button>
        <button
          type="button"
          className="rounded-full border border-cream-300 px-5 py-2 text-sm font-semibold text-ink-700 disabled:opacity-50"
          disabled={busy}
          onClick={() => send("changes")}
        >
          {PROOF_TEXTS.askChanges}
        </button>
      </div>
    </div>
  );
}
