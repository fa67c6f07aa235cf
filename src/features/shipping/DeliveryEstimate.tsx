/**
 * "When would it arrive?" on the product page and at checkout (docs/shipping.md, decision 0108):
 * the shopper types a PIN code (remembered in this browser) and reads whether it is delivered to and
 * by when: the dispatch date (made to order) plus the courier's days. When the courier does not
 * answer in time, the date leaves those days out and says so.
 */
import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import { isPinCode } from "~/lib/address";
import { api } from "~/lib/api-client";
import { indiaDate } from "~/lib/dates";
import { type EstimateJson, NOT_DELIVERED, PIN_NEEDED } from "./shipping";

const PIN_KEY = "resin-tales:pin";

export function estimateLines(e: EstimateJson): { tone: "ok" | "no" | "partial"; lines: string[] } {
  if (e.deliverable === false) return { tone: "no", lines: [NOT_DELIVERED(e.pin)] };
  if (e.deliverable === null || !e.deliverBy)
    return {
      tone: "partial",
      lines: [
        `Dispatched by ${indiaDate(e.dispatchBy)}.`,
        "The courier did not answer just now, so this leaves out the days in transit.",
      ],
    };
  return {
    tone: "ok",
    lines: [
      `Delivered to ${e.pin} by ${indiaDate(e.deliverBy)}.`,
      `Made for you and dispatched by ${indiaDate(e.dispatchBy)}, then about ${e.transitDays} days with the courier.`,
    ],
  };
}

export default function DeliveryEstimate({
  weightGrams,
  dispatchDays,
  initialPin = "",
}: {
  weightGrams: number;
  dispatchDays: number;
  initialPin?: string;
}) {
  const [pin, setPin] = useState(initialPin);
  const [answer, setAnswer] = useState<EstimateJson | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();

  const started = useRef(false);
  const check = useCallback(
    async (value: string) => {
      if (!isPinCode(value)) {
        setError(PIN_NEEDED);
        setAnswer(null);
        return;
      }
      setBusy(true);
      setError("");
      try {
        const query = new URLSearchParams({
          pin: value,
          weight: String(Math.max(1, Math.round(weightGrams))),
          days: String(dispatchDays),
        });
        setAnswer(await api.get<EstimateJson>(`/v2/delivery-estimate?${query}`));
        try {
          localStorage.setItem(PIN_KEY, value);
        } catch {}
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : "The estimate could not be loaded.");
      } finally {
        setBusy(false);
      }
    },
    [weightGrams, dispatchDays],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    let saved = initialPin;
    try {
      saved = initialPin || localStorage.getItem(PIN_KEY) || "";
    } catch {}
    if (saved) {
      setPin(saved);
      void check(saved);
    }
    // Only once: later checks are the shopper's.
  }, [check, initialPin]);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void check(pin.trim());
  }

  const shown = answer ? estimateLines(answer) : null;
  return (
    <section
      className="mx-auto mt-6 max-w-6xl px-4 text-sm"
      aria-labelledby={`${id}-title`}
      data-delivery-estimate
    >
      <form
        onSubmit={submit}
        noValidate
        className="rounded-2xl border border-cream-200 bg-white/85 p-4"
      >
        <h2 id={`${id}-title`} className="font-semibold text-ink-900">
          Delivery
        </h2>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-pin`} className="text-ink-700">
            PIN code
          </label>
          <input
            id={`${id}-pin`}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            value={pin}
            onChange={(e) => setPin(e.target.value)}
            className="w-28 rounded-lg border border-cream-300 px-2 py-1.5"
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-full border border-cream-300 px-4 py-1.5 font-semibold text-ink-700 hover:bg-cream-100 disabled:opacity-60"
          >
            {busy ? "Checking…" : "Check"}
          </button>
        </div>
        <div aria-live="polite" className="mt-2">
          {error && <p className="text-red-700">{error}</p>}
          {shown && (
            <div
              data-estimate-tone={shown.tone}
              className={shown.tone === "no" ? "text-red-700" : "text-ink-700"}
            >
              {shown.lines.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          )}
        </div>
      </form>
    </section>
  );
}
