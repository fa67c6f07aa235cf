/**
 * The inquiry's photos (decision 0211): her ideas or her garland, up to INQUIRY_MAX_PHOTOS, each
 * uploaded when chosen (POST /v2/inquiry-photos) and sent with the inquiry as its URL. A failed
 * upload says so under the field; the inquiry can still be sent without it.
 */
import { useId, useState } from "react";
import { apiRequest } from "~/lib/api-client";
import { INQUIRY_MAX_PHOTOS } from "./inquiry";
import { labelClass } from "./inquiry-modal-form";

async function upload(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const answer = await apiRequest<{ url: string }>("POST", "/v2/inquiry-photos", form, {
    timeoutMs: 120_000,
  });
  return answer.url;
}

export function InquiryPhotos({
  photos,
  onChange,
}: {
  photos: string[];
  onChange(next: string[]): void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    setError("");
    const added: string[] = [];
    try {
      for (const file of [...files].slice(0, INQUIRY_MAX_PHOTOS - photos.length))
        added.push(await upload(file));
    } catch (failure) {
      console.error("[inquiry] a photo upload failed", failure);
      setError(failure instanceof Error ? failure.message : "The photo could not be uploaded.");
    } finally {
      onChange([...photos, ...added]);
      setBusy(false);
    }
  };
  return (
    <div className="sm:col-span-2" data-inquiry-photos>
      <label htmlFor={id} className={labelClass}>
        Photos{" "}
        <span className="font-normal text-ink-500">(optional: your ideas, your garland)</span>
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        multiple
        disabled={busy || photos.length >= INQUIRY_MAX_PHOTOS}
        onChange={(event) => {
          void add(event.currentTarget.files);
          event.currentTarget.value = "";
        }}
        className="block w-full text-sm text-ink-700"
      />
      {busy && <p className="mt-1.5 text-sm text-ink-500">Uploading...</p>}
      {error && (
        <p className="mt-1.5 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {photos.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {photos.map((src) => (
            <li key={src} className="relative">
              <img
                src={src}
                alt="Chosen for your inquiry"
                className="size-16 rounded-lg object-cover"
              />
              <button
                type="button"
                onClick={() => onChange(photos.filter((p) => p !== src))}
                className="absolute -top-2 -right-2 rounded-full bg-ink-900 px-1.5 text-xs text-cream-50"
                aria-label="Remove this photo"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
