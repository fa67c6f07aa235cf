/**
 * The discount code field at checkout (docs/product.md "Discount codes"): Apply asks the server to
 * price the code on the cart; the summary then shows the discount line and the new total, and Pay
 * uses it; Remove takes it off. A refusal shows the server's one sentence under the field. The
 * server prices the order again at create-order (docs/decisions/0095-discount-codes.md).
 */
import { useState } from "react";
import { TextField, secondaryButton } from "~/components/ui/form-fields";
import { formatInr } from "~/lib/money";
import { normaliseCode } from "./discount-rules";
import { checkCode, showInSummary, type AppliedCode } from "./discounts-client";

interface Props {
  /** The cart's subtotal, paise (the total without a code). */
  subtotal: number;
  disabled?: boolean;
  onChange: (applied: AppliedCode | null) => void;
  /** How the code is priced: the cart's check by default; a quote's pay form passes its own. */
  check?: (code: string) => Promise<AppliedCode>;
}

export default function DiscountCodeField({
  subtotal,
  disabled,
  onChange,
  check = checkCode,
}: Props) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [applied, setApplied] = useState<AppliedCode | null>(null);

  function set(next: AppliedCode | null) {
    setApplied(next);
    showInSummary(next, subtotal);
    onChange(next);
  }

  async function apply() {
    const code = normaliseCode(text);
    if (!code) return setError("Enter a discount code.");
    setBusy(true);
    setError(undefined);
    try {
      set(await check(code));
    } catch (e) {
      set(null);
      setError(e instanceof Error ? e.message : "The code could not be checked; try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      className="rounded-3xl border border-cream-200 bg-white/85 p-6 shadow-xs sm:p-8"
      aria-labelledby="discount-code-title"
      data-discount-code
    >
      <h2 id="discount-code-title" className="text-2xl text-ink-900">
        Discount code
      </h2>
      {applied ? (
        <div
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
          data-discount-applied
        >
          <p className="text-ink-700">
            <span className="font-semibold">{applied.code}</span> takes{" "}
            {formatInr(applied.discount)} off: you pay {formatInr(applied.total)}.
          </p>
          <button
            type="button"
            className={`${secondaryButton} sm:w-32`}
            disabled={disabled}
            onClick={() => {
              setText("");
              set(null);
            }}
          >
            Remove
          </button>
        </div>
      ) : (
        // On a phone the input takes the whole width and Apply goes under it (the buttons are
        // full width there, which left the input 36 px beside one).
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            className="min-w-0 flex-1"
            label="Code"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={32}
            value={text}
            error={error}
            disabled={disabled || busy}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                void apply();
              }
            }}
          />
          <button
            type="button"
            className={`${secondaryButton} sm:mt-7 sm:w-32`}
            disabled={disabled || busy}
            onClick={() => void apply()}
          >
            {busy ? "Checking..." : "Apply"}
          </button>
        </div>
      )}
    </section>
  );
}
