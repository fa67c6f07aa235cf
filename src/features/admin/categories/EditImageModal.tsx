/**
 * The Edit Image modal (SPEC §2 Admin categories, §4 Category image edit, §5, §8): the category's
 * slug, a preview, a png/jpeg/webp picker, Confirm Upload and a close button; a full-screen spinner
 * while the image uploads and the category is saved. Success closes the modal and clears the
 * preview; closing clears it too.
 */
import { useEffect, useId, useRef, useState } from "react";
import Spinner from "../../../components/ui/Spinner";
import { openModal, type OpenModal } from "../../../components/ui/modal-history";
import { showToast } from "../../../components/ui/toast-store";
import { ApiError } from "../../../lib/api-client";
import { CATEGORY_FALLBACK_IMAGE } from "../../home/cards";
import { ACCEPTED_IMAGE_TYPES, UPLOAD_TEXTS, uploadImage } from "../uploads/upload-client";
import { CATEGORY_TEXTS, isAcceptedImageType, type Category } from "./categories";
import { saveCategoryImage } from "./categories-client";

interface Props {
  /** The category being edited; null keeps the modal closed. */
  category: Category | null;
  onSaved(category: Category): void;
  onClose(): void;
}

export default function EditImageModal({ category, onSaved, onClose }: Props) {
  const titleId = useId();
  const inputId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const handleRef = useRef<OpenModal | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const clear = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = "";
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (category && !handleRef.current) {
      handleRef.current = openModal(dialog, () => {
        handleRef.current = null;
        clear();
        onCloseRef.current();
      });
    } else if (!category && handleRef.current) {
      handleRef.current.requestClose();
    }
  }, [category]);

  useEffect(() => () => handleRef.current?.closeNow(), []);

  // One object URL per chosen file, released when it changes or the modal goes away.
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return clear();
    if (!isAcceptedImageType(chosen.type)) {
      showToast({ type: "error", title: CATEGORY_TEXTS.wrongType });
      return clear();
    }
    setFile(chosen);
  };

  const confirm = async () => {
    if (busy) return;
    if (!file || !category) {
      showToast({ type: "error", title: CATEGORY_TEXTS.missing });
      return;
    }
    setBusy(true);
    try {
      const url = await uploadImage(file);
      const saved = await saveCategoryImage(category.id, url);
      showToast({ type: "success", title: UPLOAD_TEXTS.uploaded });
      onSaved(saved);
      clear();
      handleRef.current?.requestClose();
    } catch (error) {
      console.error("[categories] image upload failed", error);
      const message = error instanceof ApiError && error.status !== 0 && error.message ? error.message : UPLOAD_TEXTS.failedFallback;
      showToast({ type: "error", title: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialogRef} aria-labelledby={titleId} className="w-full rounded-2xl bg-cream-50 text-ink-900 shadow-2xl sm:w-[28rem]">
      <div className="flex flex-col gap-5 p-6">
        <header className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-2xl">
              {CATEGORY_TEXTS.editImage}
            </h2>
            <p className="mt-1 text-sm text-ink-500" data-testid="edit-image-slug">
              {category?.slug}
            </p>
          </div>
          <button
            type="button"
            aria-label="Close"
            disabled={busy}
            onClick={() => handleRef.current?.requestClose()}
            className="-mr-2 rounded-full p-2 text-ink-500 transition hover:bg-cream-200 hover:text-ink-900"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </header>
        <img
          src={preview ?? (category?.img || CATEGORY_FALLBACK_IMAGE)}
          alt={preview ? "Preview of the chosen image" : ""}
          className="aspect-[8/5] w-full rounded-xl bg-cream-100 object-cover"
        />
        <div>
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink-700">
            Choose an image
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            disabled={busy}
            onChange={(event) => choose(event.target.files?.[0])}
            className="block w-full text-sm text-ink-700 file:mr-4 file:rounded-full file:border-0 file:bg-cream-200 file:px-4 file:py-2 file:text-sm file:font-medium"
          />
        </div>
        <button
          type="button"
          onClick={() => void confirm()}
          disabled={busy}
          className="rounded-full bg-ink-900 px-6 py-3 text-sm font-medium text-cream-50 transition hover:bg-ink-700 disabled:opacity-60"
        >
          {CATEGORY_TEXTS.confirmUpload}
        </button>
      </div>
      {busy && (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-ink-900/40" data-testid="upload-spinner">
          <Spinner size="lg" label="Uploading" />
        </div>
      )}
    </dialog>
  );
}
