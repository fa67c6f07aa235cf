/**
 * A line's photos as small thumbnails (cart drawer, order pages, the owner's order screen), each
 * opening the photo. The photos are served only to their uploader, the buyer and the owner
 * (docs/decisions/0262-customer-photos-private.md); anyone else's browser gets 404.
 */
import type { PersonalisedValue } from "~/lib/personalisation-types";
import { photoUrl } from "./photo-rules";

export default function PhotoThumbs({ values }: { values: readonly PersonalisedValue[] }) {
  const photos = values.flatMap((v) => (v.photos ?? []).map((id) => ({ id, label: v.label })));
  if (photos.length === 0) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1" data-photo-thumbs>
      {photos.map(({ id, label }) => (
        <a key={id} href={photoUrl(id)} target="_blank" rel="noreferrer">
          <img
            src={`${photoUrl(id)}?size=thumb`}
            alt={`Chosen for ${label}`}
            width={48}
            height={48}
            loading="lazy"
            className="h-12 w-12 rounded object-cover ring-1 ring-stone-300"
          />
        </a>
      ))}
    </span>
  );
}
