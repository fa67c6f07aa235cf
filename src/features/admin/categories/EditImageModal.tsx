/**
 * The Edit Image modal (docs/product.md §2 Admin categories, §4 Category image edit, §5, §8): the category's
 * slug and current image, the portal's image picker (png/jpeg/webp, preview, Confirm Upload) and a
 * close button; a full-screen spinner while the image uploads and the category is saved. Success
 * closes the modal; the picker (and its preview) is unmounted, so cleared, whenever it closes.
 */
import { useId, useState } from "react";
import Spinner from "~/components/ui/Spinner";
import { useModal } from "~/components/ui/use-modal";
import { showToast } from "~/components/ui/toast-store";
import { ApiError } from "~/lib/api-client";
import { CATEGORY_FALLBACK_IMAGE } from "~/features/home/cards";
import ImageUpload from "~/features/admin/uploads/ImageUpload";
import { CATEGORY_TEXTS, type Category } from "./categories";
import { saveCategoryImage } from "./categories-client";

interface Props {
  /** The category being edited; null keeps the modal closed. */
  category: Category | null;
  onSaved(category: Category): void;
  onClose(): void;
}

export default function EditImageModal({ category, onSaved, onClose }: Props) {
  const titleId = useId();
  const { dialogRef, requestClose } = useModal(category !== null, onClose);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const busy = uploading || saving;

  // The upload answered a URL (and toasted 'Image Uploaded'): now the category points at it.
  const save = async (url: string) => {
    if (!category) return;
    setSaving(true);
    try {
      onSaved(await saveCategoryImage(category.id, url));
      requestClose();
    } catch (error) {
      console.error("[categories] saving the image failed", error);
      showToast({
        type: "error",
        title:
          error instanceof ApiError && error.status !== 0 && error.message
            ? error.message
            : "Error uploading image",
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className="w-full rounded-2xl bg-cream-50 text-ink-900 shadow-2xl sm:w-[28rem]"
    >
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
            onClick={() => requestClose()}
            className="-mr-2 rounded-full p-2 text-ink-500 transition hover:bg-cream-200 hover:text-ink-900"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth={1.8}
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </header>
        {category && (
          <>
            <img
              src={category.img || CATEGORY_FALLBACK_IMAGE}
              alt=""
              className="aspect-[8/5] w-full rounded-xl bg-cream-100 object-cover"
            />
            <ImageUpload
              key={category.id}
              buttonLabel={CATEGORY_TEXTS.confirmUpload}
              onMissingFile={() => showToast({ type: "error", title: CATEGORY_TEXTS.missing })}
              alertOnFailure={false}
              disabled={saving}
              onBusyChange={setUploading}
              onUploaded={(url) => void save(url)}
            />
          </>
        )}
      </div>
      {busy && (
        <div
          className="fixed inset-0 z-50 flex items-center justify-center bg-ink-900/40"
          data-testid="upload-spinner"
        >
          <Spinner size="lg" label="Uploading" />
        </div>
      )}
    </dialog>
  );
}
