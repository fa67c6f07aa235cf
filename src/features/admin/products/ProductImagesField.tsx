/**
 * The product's images (SPEC §2 image upload; issue 10 §3): several images, exactly one primary,
 * an alt text each. A chosen file is uploaded to POST /v2/upload-cloud and its secure_url added.
 */
import { useId, useState } from "react";
import { showToast } from "../../../components/ui/toast-store";
import { ApiError } from "../../../lib/api-client";
import { ACCEPTED_IMAGE_TYPES, UPLOAD_TEXTS, uploadImage } from "../uploads/upload-client";
import { addImage, removeImage, setPrimary, type ImageDraft } from "./product-form";
import { inputClass, labelClass, smallButton } from "./products-ui";

interface Props {
  value: ImageDraft[];
  onChange(next: ImageDraft[]): void;
  disabled?: boolean;
  error?: string | undefined;
  /** Default alt text for a new image (the product's name). */
  defaultAlt: string;
}

/** Picks one file and uploads it (until the uploads helper's shared picker replaces it). */
function Uploader({ onUploaded, disabled }: { onUploaded(url: string): void; disabled: boolean }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  async function upload() {
    if (!file || busy) return;
    if (!ACCEPTED_IMAGE_TYPES.split(",").includes(file.type)) {
      showToast({ type: "error", title: UPLOAD_TEXTS.wrongType });
      return;
    }
    setBusy(true);
    try {
      const url = await uploadImage(file);
      showToast({ type: "success", title: UPLOAD_TEXTS.uploaded });
      setFile(null);
      setInputKey((k) => k + 1);
      onUploaded(url);
    } catch (error) {
      showToast({ type: "error", title: error instanceof ApiError && error.message ? error.message : UPLOAD_TEXTS.failedFallback });
      window.alert(UPLOAD_TEXTS.alertFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label className={labelClass} htmlFor={id}>Choose an image</label>
        <input key={inputKey} id={id} type="file" accept={ACCEPTED_IMAGE_TYPES} disabled={disabled || busy} onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} className="block text-sm text-ink-700" />
      </div>
      <button type="button" className={smallButton} disabled={disabled || busy || !file} onClick={upload}>
        {busy ? "Uploading..." : "Upload"}
      </button>
    </div>
  );
}

export default function ProductImagesField({ value, onChange, disabled = false, error, defaultAlt }: Props) {
  const name = useId();
  return (
    <fieldset className="rounded-2xl border border-cream-300 p-4" data-images>
      <legend className="px-1 text-sm font-semibold text-ink-900">Images</legend>
      {value.length > 0 && (
        <ul className="mb-4 grid gap-3 sm:grid-cols-2">
          {value.map((image, i) => (
            <li key={`${image.url}-${i}`} className="flex gap-3 rounded-xl border border-cream-200 p-2" data-image>
              <img src={image.url} alt={image.alt} width={80} height={80} className="size-20 rounded-lg object-cover" />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <label className="sr-only" htmlFor={`${name}-alt-${i}`}>Alt text of image {i + 1}</label>
                <input
                  id={`${name}-alt-${i}`}
                  className={inputClass}
                  placeholder="Alt text"
                  value={image.alt}
                  disabled={disabled}
                  onChange={(e) => onChange(value.map((im, j) => (j === i ? { ...im, alt: e.target.value } : im)))}
                />
                <div className="flex items-center justify-between gap-2 text-sm">
                  <label className="inline-flex items-center gap-1.5">
                    <input type="radio" name={`${name}-primary`} checked={image.isPrimary} disabled={disabled} onChange={() => onChange(setPrimary(value, i))} />
                    Primary
                  </label>
                  {!disabled && (
                    <button type="button" className={smallButton} onClick={() => onChange(removeImage(value, i))} aria-label={`Remove image ${i + 1}`}>
                      Remove
                    </button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {!disabled && <Uploader disabled={disabled} onUploaded={(url) => onChange(addImage(value, url, defaultAlt.trim()))} />}
      {error && <p className="mt-1 text-sm text-red-600" data-field-error>{error}</p>}
    </fieldset>
  );
}
