/**
 * The product's images (docs/product.md §2 image upload; decision 0034): several images, exactly one primary,
 * an alt text each. The portal's ImageUpload sends a chosen file to POST /v2/upload-cloud (its toasts
 * and the alert 'Upload failed' are docs/product.md §8's) and the answered secure_url is added here.
 */
import { useId } from "react";
import ImageUpload from "~/features/admin/uploads/ImageUpload";
import { addImage, removeImage, setPrimary, type ImageDraft } from "./product-form";
import { inputClass, smallButton } from "./products-ui";

interface Props {
  value: ImageDraft[];
  onChange(next: ImageDraft[]): void;
  disabled?: boolean;
  error?: string | undefined;
  /** Default alt text for a new image (the product's name). */
  defaultAlt: string;
}

export default function ProductImagesField({
  value,
  onChange,
  disabled = false,
  error,
  defaultAlt,
}: Props) {
  const name = useId();
  return (
    <fieldset className="rounded-2xl border border-cream-300 p-4" data-images>
      <legend className="px-1 text-sm font-semibold text-ink-900">Images</legend>
      {value.length > 0 && (
        <ul className="mb-4 grid gap-3 sm:grid-cols-2">
          {value.map((image, i) => (
            <li
              key={`${image.url}-${i}`}
              className="flex gap-3 rounded-xl border border-cream-200 p-2"
              data-image
            >
              <img
                src={image.url}
                alt={image.alt}
                width={80}
                height={80}
                className="size-20 rounded-lg object-cover"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <label className="sr-only" htmlFor={`${name}-alt-${i}`}>
                  Alt text of image {i + 1}
                </label>
                <input
                  id={`${name}-alt-${i}`}
                  className={inputClass}
                  placeholder="Alt text"
                  value={image.alt}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange(value.map((im, j) => (j === i ? { ...im, alt: e.target.value } : im)))
                  }
                />
                <div className="flex items-center justify-between gap-2 text-sm">
                  <label className="inline-flex items-center gap-1.5">
                    <input
                      type="radio"
                      name={`${name}-primary`}
                      checked={image.isPrimary}
                      disabled={disabled}
                      onChange={() => onChange(setPrimary(value, i))}
                    />
                    Primary
                  </label>
                  {!disabled && (
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() => onChange(removeImage(value, i))}
                      aria-label={`Remove image ${i + 1}`}
                    >
                      Remove
                    </button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {!disabled && (
        <ImageUpload onUploaded={(url) => onChange(addImage(value, url, defaultAlt.trim()))} />
      )}
      {error && (
        <p className="mt-1 text-sm text-red-600" data-field-error>
          {error}
        </p>
      )}
    </fieldset>
  );
}
