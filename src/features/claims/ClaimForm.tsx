/**
 * "Report damage" (docs/decisions/0247-damage-claims.md): which lines, a description, photos and one
 * unboxing video, sent as one multipart request; the server checks everything again and writes
 * nothing on a refusal, whose sentence shows here. On /my-orders/{id} it calls with the session's
 * token; on the quote link's page without one. The page reloads on success to show the claim.
 */
import { useId, useState } from "react";
import { apiRequest } from "~/lib/api-client";
import { freshToken } from "~/features/account/session-store";
import { CLAIM_TEXTS, type ClaimLineJson, MAX_CLAIM_PHOTOS } from "./claims";

interface Props {
  path: string;
  signedIn: boolean;
  lines: ClaimLineJson[];
  /** How the form is sent, when not as the shopper (the owner's goodwill claim from the portal). */
  send?: (path: string, form: FormData) => Promise<unknown>;
  /** The first button's text ("Report damage"). */
  label?: string;
}

/** A video of up to 100 MB on a slow mobile connection. */
const UPLOAD_TIMEOUT_MS = 15 * 60_000;

export default function ClaimForm({ path, signedIn, lines, send: sendVia, label }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [description, setDescription] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const [video, setVideo] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function send() {
    setBusy(true);
    setMessage(null);
    const form = new FormData();
    const items = Object.entries(chosen)
      .filter(([, quantity]) => quantity > 0)
      .map(([itemId, quantity]) => ({ itemId, quantity }));
    form.set("items", JSON.stringify(items));
    form.set("description", description);
    for (const photo of photos) form.append("photos", photo);
    if (video) form.set("video", video);
    try {
      if (sendVia) await sendVia(path, form);
      else {
        const token = signedIn ? ((await freshToken()) ?? undefined) : undefined;
        await apiRequest("POST", path, form, { token, timeoutMs: UPLOAD_TIMEOUT_MS });
      }
      setMessage({ ok: true, text: CLAIM_TEXTS.sent });
      setTimeout(() => window.location.reload(), 1200);
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  const button =
    "w-fit rounded-full bg-ink-900 px-5 py-2 text-sm font-semibold text-cream-50 disabled:opacity-50";
  if (!open)
    return (
      <button type="button" className={button} onClick={() => setOpen(true)} data-claim-open>
        {label ?? CLAIM_TEXTS.button}
      </button>
    );
  return (
    <div className="mt-3 grid gap-3" data-claim-form>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-semibold text-ink-900">Which items arrived damaged?</legend>
        {lines.map((line) => (
          <label key={line.itemId} className="flex items-center gap-2 text-sm text-ink-800">
            <input
              type="number"
              min={0}
              max={line.quantity}
              className="w-16 rounded-xl border border-cream-300 px-2 py-1"
              value={chosen[line.itemId] ?? 0}
              aria-label={`How many of ${line.name}`}
              onChange={(e) =>
                setChosen({ ...chosen, [line.itemId]: Number(e.currentTarget.value) || 0 })
              }
            />
            {line.name} (of {line.quantity})
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-text`} className="text-sm text-ink-800">
        What is damaged?
        <textarea
          id={`${id}-text`}
          className="mt-1 block w-full rounded-xl border border-cream-300 px-3 py-2 text-sm"
          rows={3}
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
      </label>
      <label htmlFor={`${id}-video`} className="text-sm text-ink-800">
        Unboxing video (MP4, MOV or WebM, up to 100 MB)
        <input
          id={`${id}-video`}
          type="file"
          accept="video/mp4,video/quicktime,video/webm"
          className="mt-1 block text-sm"
          onChange={(e) => setVideo(e.currentTarget.files?.[0] ?? null)}
        />
      </label>
      <label htmlFor={`${id}-photos`} className="text-sm text-ink-800">
        Photos (up to {MAX_CLAIM_PHOTOS}, PNG, JPEG or WebP)
        <input
          id={`${id}-photos`}
          type="file"
          multiple
          accept="image/png,image/jpeg,image/webp"
          className="mt-1 block text-sm"
          onChange={(e) => setPhotos([...(e.currentTarget.files ?? [])])}
        />
      </label>
      <button type="button" className={button} disabled={busy} onClick={send} data-claim-send>
        {busy ? "Sending…" : "Send report"}
      </button>
      {message && (
        <p
          role={message.ok ? "status" : "alert"}
          className={`text-sm ${message.ok ? "text-emerald-800" : "text-red-700"}`}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
