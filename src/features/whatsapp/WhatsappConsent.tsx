/**
 * The WhatsApp choice (docs/decisions/0238-whatsapp-consent.md): a separate, unticked box "Send order
 * updates on WhatsApp to +91 …" with the number beside it, at checkout, on the quote page and in the
 * profile. Ticking saves the yes with its words at once; while on, one click stops it. On the quote
 * page it is saved through the quote's link (no account); elsewhere with the signed-in session.
 */
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { api } from "~/lib/api-client";
import { freshToken } from "~/features/account/session-store";
import type { ConsentJson } from "./consent.schema";
import { consentWording, displayNumber, waNumber } from "./phone";

interface Props {
  initial: ConsentJson | null;
  /** The number to offer (the profile's or the order's phone). */
  phone: string;
  where: "checkout" | "profile" | "quote";
  /** The quote page's token (where = "quote"). */
  quoteToken?: string;
}

async function save(props: Props, phone: string | null): Promise<ConsentJson | null> {
  if (props.where === "quote")
    return (
      await api.post<{ consent: ConsentJson | null }>(
        `/v2/quotes/${encodeURIComponent(props.quoteToken ?? "")}/whatsapp`,
        phone ? { consented: true, phone } : { consented: false },
      )
    ).consent;
  const token = await freshToken();
  if (!phone)
    return (await api.delete<{ consent: null }>("/v2/whatsapp/consent", undefined, { token }))
      .consent;
  const answer = await api.put<{ consent: ConsentJson }>(
    "/v2/whatsapp/consent",
    { phone, source: props.where },
    { token },
  );
  return answer.consent;
}

export default function WhatsappConsent(props: Props) {
  const [consent, setConsent] = useState(props.initial);
  const [phone, setPhone] = useState(
    props.initial ? displayNumber(props.initial.phone) : props.phone,
  );
  const [busy, setBusy] = useState(false);
  /** The box follows the click at once; it goes back if the save is refused. */
  const [wanted, setWanted] = useState<boolean | null>(null);
  const wa = waNumber(phone);

  async function change(next: boolean) {
    if (next && !wa) {
      showToast({
        type: "error",
        title: "Not saved",
        message: "Give a mobile number WhatsApp can reach.",
      });
      return;
    }
    setBusy(true);
    setWanted(next);
    try {
      setConsent(await save(props, next ? phone : null));
      showToast({
        type: "success",
        title: "Saved",
        message: next ? "Order updates will come on WhatsApp too." : "No more WhatsApp updates.",
      });
    } catch (error) {
      showToast({
        type: "error",
        title: "Not saved",
        message: error instanceof Error ? error.message : "Please try again.",
      });
    } finally {
      setBusy(false);
      setWanted(null);
    }
  }

  return (
    <div className="space-y-2 text-sm text-ink-700" data-whatsapp-consent={props.where}>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          checked={wanted ?? consent !== null}
          disabled={busy}
          onChange={(e) => void change(e.currentTarget.checked)}
          className="mt-0.5 size-4 shrink-0 rounded border-cream-300 accent-ink-900"
        />
        <span>
          {consent
            ? consent.wording
            : wa
              ? consentWording(wa)
              : "Send order updates on WhatsApp to +91 …"}
        </span>
      </label>
      {consent ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => void change(false)}
          className="text-gold-700 underline"
        >
          Stop WhatsApp updates
        </button>
      ) : (
        <label className="flex flex-col gap-1 pl-7">
          Mobile number for WhatsApp
          <input
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
            className="w-56 rounded-lg border border-cream-300 bg-white px-2 py-1.5 text-ink-900"
          />
        </label>
      )}
      <p className="pl-7 text-xs text-ink-500">
        Only order updates, never marketing. Reply STOP on WhatsApp to end them.
      </p>
    </div>
  );
}
