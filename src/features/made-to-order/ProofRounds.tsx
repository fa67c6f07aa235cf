/**
 * The rounds of a proof exchange, oldest first (docs/decisions/0121-proofs.md): the mock-ups and
 * message sent, and the customer's answer. Shared by the portal's panel and the customer's pages.
 */
import { indiaDate } from "~/lib/dates";
import type { ProofRoundJson } from "./proofs";

const ANSWER: Record<ProofRoundJson["status"], string> = {
  awaiting: "Waiting for the customer",
  approved: "Approved",
  changes: "Changes asked",
};

export default function ProofRounds({ rounds }: { rounds: readonly ProofRoundJson[] }) {
  return (
    <ol className="space-y-3 text-sm">
      {rounds.map((r) => (
        <li
          key={r.round}
          data-proof-round={r.round}
          data-proof-status={r.outdated ? "outdated" : r.status}
        >
          <p className="font-medium text-ink-900">
            Round {r.round} · sent {indiaDate(r.sentAt)} ·{" "}
            {r.outdated ? "Outdated: the personalisation was corrected" : ANSWER[r.status]}
            {r.repliedAt && ` ${indiaDate(r.repliedAt)}`}
          </p>
          <p className="whitespace-pre-line break-words text-ink-700">{r.message}</p>
          <span className="mt-1 flex flex-wrap gap-2">
            {r.images.map((src) => (
              <a key={src} href={src} target="_blank" rel="noreferrer">
                <img
                  src={src}
                  alt={`Proof round ${r.round}`}
                  className="h-20 w-20 rounded object-cover"
                />
              </a>
            ))}
          </span>
          {r.reply && (
            <p className="mt-1 break-words text-ink-600">
              {r.outdated ? "" : "Customer: "}
              {r.reply}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
