/**
 * The order's personalised lines beside its proof (docs/decisions/0267): each piece with the
 * personalisation as it stands now (and its note), so the owner and the customer check the names,
 * dates and choices against the mock-up. Shared by the portal's panel and the customer's pages.
 */
import { describePersonalised } from "~/features/personalisation/personalisation";
import type { ProofLineJson } from "./proofs";

export default function ProofLines({ lines }: { lines: readonly ProofLineJson[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="rounded-2xl bg-cream-50 p-3 text-sm" data-proof-lines>
      <p className="font-medium text-ink-900">Check these against the mock-up:</p>
      <ul className="mt-1 space-y-2">
        {lines.map((line, index) => (
          <li key={`${index}-${line.name}`} data-proof-line>
            <span className="text-ink-800">
              {line.name}
              {line.quantity > 1 && ` × ${line.quantity}`}
            </span>
            {describePersonalised(line.personalisation).map((text) => (
              <span key={text} className="block break-words text-ink-700" data-personalised>
                {text}
              </span>
            ))}
            {line.note && (
              <span className="block whitespace-pre-line break-words text-ink-600">
                Note: {line.note}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
