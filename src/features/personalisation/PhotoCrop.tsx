/**
 * The crop view of a photo field (docs/decisions/0264-photo-crop-view.md): react-easy-crop over the
 * chosen photo, at the field's shape and aspect (a circle and a square are 1:1), with a zoom slider.
 * Loaded with a dynamic import only when the shopper touches a photo field, so the product page's
 * first load does not carry it. "Use this crop" answers the crop in the photo's own pixels.
 */
import { useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
// Its styles as a file of the chunk, not a <style> it would inject (the shop's CSP refuses those).
import "react-easy-crop/react-easy-crop.css";
import type { PhotoField } from "~/lib/personalisation-types";

interface Props {
  field: PhotoField;
  src: string;
  onDone(area: Area): void;
  onCancel(): void;
}

export const cropAspect = (field: PhotoField) => (field.shape === "rectangle" ? field.aspect : 1);

export default function PhotoCrop({ field, src, onDone, onCancel }: Props) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  return (
    <div className="flex flex-col gap-3" data-photo-crop>
      <div className="relative h-72 w-full overflow-hidden rounded-xl bg-stone-900">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={cropAspect(field)}
          cropShape={field.shape === "circle" ? "round" : "rect"}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          disableAutomaticStylesInjection
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        Zoom
        <input
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
          className="flex-1"
        />
      </label>
      <div className="flex gap-2">
        <button
          type="button"
          className="rounded-full bg-amber-800 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
          disabled={!area}
          onClick={() => area && onDone(area)}
        >
          Use this crop
        </button>
        <button
          type="button"
          className="rounded-full px-4 py-2 text-sm ring-1 ring-stone-300"
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
