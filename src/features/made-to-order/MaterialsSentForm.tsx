/**
 * The customer's courier and tracking number for the parcel of their flowers
 * (docs/decisions/0123-customer-materials.md). On /my-orders/{id} it calls with the session's
 * token; on the quote link's page without one.
 */
import { useId, useState } from "react";
import { apiRequest } from "~/lib/api-client";
import { apiJson } from "~/features/account/session-api";
import { MATERIALS_TEXTS } from "./materials";

interface Props {
  path: string;
  signedIn: boolean;
  courier: string;
  tracking: string;
}

export default function MaterialsSentForm({ path, signedIn, courier, tracking }: Props) {
  const id = useId();
  const [values, setValues] = useState({ courier, tracking });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function save() {
    setBusy(true);
    setMessage(null);
    try {
      if (signedIn) await apiJson("POST", path, values);
      else await apiRequest("POST", path, values);
      setMessage({ ok: true, text: MATERIALS_TEXTS.saved });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  const input = "mt-1 block w-full rounded-xl border border-cream-300 px-3 py-2 text-sm";
  return (
    <div className="mt-3 grid gap-2 sm:grid-cols-2" data-materials-form>
      <label htmlFor={`${id}-courier`} className="text-sm text-ink-800">
        {MATERIALS_TEXTS.courier}
        <input
          id={`${id}-courier`}
          className={input}
          maxLength={100}
          value={values.courier}
          onChange={(event) => setValues({ ...values, courier: event.currentTarget.value })}
        />
      </label>
      <label htmlFor={`${id}-tracking`} className="text-sm text-ink-800">
        {MATERIALS_TEXTS.tracking}
        <input
          id={`${id}-tracking`}
          className={input}
          maxLength={100}
          value={values.tracking}
          onChange={(event) => setValues({ ...values, tracking: event.currentTarget.value })}
        />
      </label>
      <button
        type="button"
        className="w-fit rounded-full bg-ink-900 px-5 py-2 text-sm font-semibold text-cream-50 disabled:opacity-50"
        disabled={busy}
        onClick={save}
      >
        {MATERIALS_TEXTS.send}
      </button>
      {message && (
        <p
          role={message.ok ? "status" : "alert"}
          className={`text-sm sm:col-span-2 ${message.ok ? "text-emerald-800" : "text-red-700"}`}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
