/**
 * The optional needed-by date at checkout (docs/decisions/0122-capacity-and-needed-by.md): the
 * shopper picks a date and the shop answers at once, plainly, whether the piece can be with them
 * by then (the promise today plus transit to the chosen address). The checkout form refuses to pay
 * while the answer is no; clearing the date pays as usual. The quote page's pay form uses it too,
 * with the inquiry's date prefilled and its own check (POST /v2/quotes/{token}/needed-by).
 */
import { useEffect, useId, useRef, useState } from "react";
import { apiJson } from "~/features/account/session-api";
import { NEEDED_BY_TEXTS, type NeededByVerdict } from "./needed-by";

export interface NeededByValue {
  date: string;
  /** null while the check runs or could not be made (the server checks again at order creation). */
  ok: boolean | null;
  sentence: string;
}

/** The caller's cart to a saved address (checkout). */
const cartCheck = (date: string, addressId: string) =>
  apiJson<NeededByVerdict>("POST", "/v2/needed-by", { needed_by: date, address_id: addressId });

interface Props {
  /** Where the piece goes (a saved address id, or on the quote page a PIN); null: not asked yet. */
  addressId: string | null;
  disabled?: boolean;
  /** The date shown at first (the quote page: the inquiry's needed-by date). */
  initialDate?: string;
  /** The check to ask (default: the caller's cart, POST /v2/needed-by). */
  check?: (date: string, addressId: string) => Promise<NeededByVerdict>;
  onChange(value: NeededByValue | null): void;
}

export default function NeededByField({
  addressId,
  disabled = false,
  initialDate = "",
  check = cartCheck,
  onChange,
}: Props) {
  const id = useId();
  const [date, setDate] = useState(initialDate);
  const [answer, setAnswer] = useState<NeededByValue | null>(null);
  // The latest check, read when the date or the address changes (a new function each render
  // must not ask again).
  const checkRef = useRef(check);
  checkRef.current = check;

  useEffect(() => {
    if (!date || !addressId) {
      setAnswer(null);
      onChange(date ? { date, ok: null, sentence: "" } : null);
      return;
    }
    let live = true;
    const pending = { date, ok: null, sentence: "" };
    onChange(pending);
    checkRef
      .current(date, addressId)
      .then((verdict) => {
        if (!live) return;
        const value = { date, ok: verdict.ok, sentence: verdict.sentence };
        setAnswer(value);
        onChange(value);
      })
      .catch((error: unknown) => {
        if (!live) return;
        const value = {
          date,
          ok: null,
          sentence: error instanceof Error ? error.message : String(error),
        };
        setAnswer(value);
        onChange(value);
      });
    return () => {
      live = false;
    };
  }, [date, addressId, onChange]);

  return (
    <div className="mt-4" data-needed-by>
      <label htmlFor={id} className="block text-sm font-medium text-ink-800">
        {NEEDED_BY_TEXTS.label}
      </label>
      <p className="text-sm text-ink-500">{NEEDED_BY_TEXTS.hint}</p>
      <input
        id={id}
        type="date"
        className="mt-1 block rounded-xl border border-cream-300 px-3 py-2 text-sm"
        value={date}
        disabled={disabled}
        onChange={(event) => setDate(event.currentTarget.value)}
      />
      {answer?.sentence && (
        <p
          role="status"
          className={`mt-2 text-sm ${answer.ok ? "text-emerald-800" : "text-red-800"}`}
          data-needed-by-verdict={answer.ok === null ? "unknown" : answer.ok ? "ok" : "late"}
        >
          {answer.sentence}
        </p>
      )}
    </div>
  );
}
