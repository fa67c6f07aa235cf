/**
 * ImageUpload: the portal's one image picker (decision 0036; docs/product.md §5, §8). Used by Add Product and by
 * the category Edit Image modal.
 *
 * Props contract (stable; other screens depend on it):
 *   onUploaded(url: string): void   called once per successful upload with the image's `secure_url`
 *   disabled?: boolean              greys out the picker and the button (e.g. while the form saves)
 *   onBusyChange?(busy: boolean)    told when an upload starts and ends (a full-screen spinner)
 *   buttonLabel?: string            the upload button's text; default 'Upload' ('Confirm Upload' in
 *                                   the category modal)
 *   label?: string                  the picker's accessible label; default 'Choose an image'
 *   alertOnFailure?: boolean        the browser alert 'Upload failed' after a failed upload (docs/product.md §8,
 *                                   product image upload); default true
 *   onMissingFile?(): void          when given, the button stays enabled without a chosen file and a
 *                                   click calls this (the category modal's 'Please select a file and a
 *                                   category'); without it the button is disabled until a file is chosen
 *   pending?: PendingUpload         a form whose own button saves the pictures (a proof, a parcel, a
 *                                   stage) awaits pending.current?.() before it saves: a chosen file
 *                                   not yet uploaded is uploaded then, a running upload is waited for;
 *                                   it answers the new image's url (null when there was none or it
 *                                   failed), and onUploaded is called for it as for the button
 *
 * Behaviour: the picker accepts png, jpeg and webp; another type is refused before any upload with the
 * toast 'Only PNG, JPEG, and WebP files are allowed' (the server checks the bytes again). A chosen file
 * shows a preview; the button uploads it to POST /v2/upload-cloud. Success: toast 'Image Uploaded',
 * onUploaded(url), and the picker clears for the next image. Failure: a toast with the server's
 * message (or 'Error uploading image' when the server never answered) and the alert 'Upload failed'.
 * Unmounting (a closed modal) clears the preview.
 */
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { ApiError } from "~/lib/api-client";
import { ACCEPTED_IMAGE_TYPES, UPLOAD_TEXTS, uploadImage } from "./upload-client";

export interface ImageUploadProps {
  onUploaded(url: string): void;
  disabled?: boolean;
  onBusyChange?(busy: boolean): void;
  buttonLabel?: string;
  label?: string;
  alertOnFailure?: boolean;
  onMissingFile?(): void;
  pending?: PendingUpload;
}

/** Set by the picker: uploads the chosen file now (or waits for the running upload). */
export type PendingUpload = RefObject<(() => Promise<string | null>) | null>;

const ACCEPTED = new Set(ACCEPTED_IMAGE_TYPES.split(","));

/** True when the browser reports one of the accepted types (the server checks the bytes). */
export function isAcceptedImageType(type: string): boolean {
  return ACCEPTED.has(type.toLowerCase());
}

export default function ImageUpload({
  onUploaded,
  disabled = false,
  onBusyChange,
  buttonLabel = "Upload",
  label = "Choose an image",
  alertOnFailure = true,
  onMissingFile,
  pending,
}: ImageUploadProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // One object URL per chosen file, released when the file changes or the picker goes away.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function clear() {
    setFile(null);
    if (inputRef.current) inputRef.current.value = "";
  }

  function choose(chosen: File | undefined) {
    if (!chosen) return clear();
    if (!isAcceptedImageType(chosen.type)) {
      showToast({ type: "error", title: UPLOAD_TEXTS.wrongType });
      return clear();
    }
    setFile(chosen);
  }

  const running = useRef<Promise<string | null> | null>(null);
  const chosen = useRef<File | null>(null);
  chosen.current = file;

  // The form's own button reaches the chosen file through `pending` (see the props above).
  useEffect(() => {
    if (!pending) return;
    pending.current = async () => {
      if (running.current) return running.current;
      return chosen.current ? send(chosen.current) : null;
    };
    return () => {
      pending.current = null;
    };
  });

  async function upload() {
    if (busy) return;
    if (!file) return onMissingFile?.();
    await send(file);
  }

  function send(picked: File): Promise<string | null> {
    const job = run(picked).finally(() => {
      running.current = null;
    });
    running.current = job;
    return job;
  }

  async function run(picked: File): Promise<string | null> {
    setBusy(true);
    onBusyChange?.(true);
    try {
      const url = await uploadImage(picked);
      showToast({ type: "success", title: UPLOAD_TEXTS.uploaded });
      clear();
      chosen.current = null;
      onUploaded(url);
      return url;
    } catch (error) {
      // Status 0: the server never answered (network, time limit), so there is no message of its own.
      const message =
        error instanceof ApiError && error.status > 0 && error.message
          ? error.message
          : UPLOAD_TEXTS.failedFallback;
      showToast({ type: "error", title: message });
      if (alertOnFailure) window.alert(UPLOAD_TEXTS.alertFailed);
      return null;
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  }

  const off = disabled || busy;
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={inputId} className="text-sm font-medium text-ink-700">
        {label}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES}
        disabled={off}
        onChange={(event) => choose(event.currentTarget.files?.[0])}
        className="block w-full text-sm text-ink-700 file:mr-3 file:rounded-full file:border-0 file:bg-cream-200 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-ink-900 hover:file:bg-cream-300 disabled:opacity-60"
      />
      {preview && (
        <img
          src={preview}
          // biome-ignore lint/a11y/noRedundantAlt: the preview of a picked file is an image; tests find it by this text
          alt="Preview of the chosen image"
          width={160}
          height={160}
          // A file that only claims to be an image shows no broken picture; the server's answer says why.
          onError={() => setPreview(null)}
          className="size-40 rounded-lg border border-cream-300 object-cover"
        />
      )}
      <button
        type="button"
        onClick={upload}
        disabled={off || (!file && !onMissingFile)}
        className="inline-flex w-fit items-center gap-2 rounded-full bg-ink-900 px-4 py-2 text-sm font-semibold text-cream-50 shadow-sm transition hover:bg-ink-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? "Uploading..." : buttonLabel}
      </button>
    </div>
  );
}
