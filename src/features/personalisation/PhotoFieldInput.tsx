/**
 * A photo field on the product page (docs/decisions/0262, 0264): the chosen photos as thumbnails
 * (served to the uploader only), "Choose a photo" while the field takes more, a too-small photo
 * refused before upload with the server's sentence, then the crop view (PhotoCrop, imported only
 * when the shopper touches the field) and the upload of the cropped JPEG.
 */
import { type ComponentType, useState } from "react";
import { ApiError } from "~/lib/api-client";
import type { PhotoField } from "~/lib/personalisation-types";
import {
  cropToJpeg,
  openPhoto,
  type PhotoTarget,
  thumbUrl,
  uploadPhoto,
  type CropArea,
} from "./photo-client";

type CropView = ComponentType<{
  field: PhotoField;
  src: string;
  onDone(area: CropArea): void;
  onCancel(): void;
}>;

let cropModule: Promise<CropView> | undefined;
/** The crop view's code, fetched on the first touch of a photo field. */
const loadCrop = () => {
  cropModule ??= import("./PhotoCrop").then((m) => m.default as CropView);
  return cropModule;
};

interface Props {
  field: PhotoField;
  /** Where photos upload; absent where they cannot be added (a correction): thumbnails only. */
  target?: PhotoTarget;
  inputId: string;
  describedBy?: string;
  value: string[];
  onChange(ids: string[]): void;
}

export default function PhotoFieldInput(props: Props) {
  const { field, target, value, onChange } = props;
  const [cropping, setCropping] = useState<{
    image: HTMLImageElement;
    src: string;
    View: CropView;
  } | null>(null);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    setProblem("");
    if (!file) return;
    const [opened, View] = await Promise.all([openPhoto(field, file), loadCrop()]);
    if ("error" in opened) setProblem(opened.error);
    else setCropping({ ...opened, View });
  };

  const upload = async (area: CropArea) => {
    if (!cropping || !target) return;
    const jpeg = await cropToJpeg(field, cropping.image, area);
    if ("error" in jpeg) {
      setProblem(jpeg.error);
      return;
    }
    setBusy(true);
    try {
      const photo = await uploadPhoto(target, field, jpeg);
      onChange([...value, photo.id]);
      close();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "The photo could not be uploaded.");
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    if (cropping) URL.revokeObjectURL(cropping.src);
    setCropping(null);
  };

  return (
    <div className="flex flex-col gap-2" data-photo-field={field.id}>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {value.map((id) => (
            <li key={id} className="relative">
              <img
                src={thumbUrl(id, target)}
                alt={`Chosen for ${field.label}`}
                className={`h-20 w-20 object-cover ring-1 ring-stone-300 ${field.shape === "circle" ? "rounded-full" : "rounded-lg"}`}
              />
              {target && (
                <button
                  type="button"
                  className="absolute -right-1 -top-1 rounded-full bg-white px-1.5 text-xs ring-1 ring-stone-400"
                  aria-label="Remove this photo"
                  onClick={() => onChange(value.filter((v) => v !== id))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {cropping ? (
        <cropping.View field={field} src={cropping.src} onDone={upload} onCancel={close} />
      ) : (
        target &&
        value.length < field.maxPhotos && (
          <input
            id={props.inputId}
            aria-describedby={props.describedBy}
            type="file"
            accept="image/jpeg,image/png,image/webp,.heic"
            className="text-sm"
            onPointerDown={() => void loadCrop()}
            onFocus={() => void loadCrop()}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        )
      )}
      {busy && <p className="text-sm text-stone-600">Uploading your photo…</p>}
      {problem && (
        <p className="text-sm text-red-700" role="alert" data-photo-problem>
          {problem}
        </p>
      )}
      <p className="text-xs text-stone-600">
        JPEG, PNG or WebP
        {field.minWidth || field.minHeight
          ? `, at least ${field.minWidth} × ${field.minHeight} pixels`
          : ""}
        {field.maxPhotos > 1 ? `; up to ${field.maxPhotos} photos` : ""}. Only you and the studio
        can see it.
      </p>
    </div>
  );
}
