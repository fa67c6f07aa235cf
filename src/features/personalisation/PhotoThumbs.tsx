/**
 * A line's photos as small thumbnails (cart drawer, order pages, the owner's order screen), each
 * opening the photo. The photos are served only to their uploader, the buyer and the owner
 * (docs/decisions/0262-customer-photos-private.md); anyone else's browser gets 404. On the owner's
 * order screen a photo whose original was kept for printing (decision 0285) has "Original" beside
 * its print copy: a download, served to the owner only.
 */
import type { PersonalisedValue } from "~/lib/personalisation-types";
import { photoUrl } from "./photo-rules";

export default function PhotoThumbs({
  values,
  originals = [],
}: {
  values: readonly PersonalisedValue[];
  /** The owner's screen: the photos with an original kept for printing. */
  originals?: readonly string[];
}) {
  const photos = values.flatMap((v) => (v.photos ?? []).map((id) => ({ id, label: v.label })));
  if (photos.length === 0) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1" data-photo-thumbs>
      {photos.map(({ id, label }) => (
        <span key={id} className="flex flex-col items-center gap-0.5 text-xs">
          <a href={photoUrl(id)} target="_blank" rel="noreferrer">
            <img
              src={`${photoUrl(id)}?size=thumb`}
              alt={`Chosen for ${label}`}
              width={48}
              height={48}
              loading="lazy"
              className="h-12 w-12 rounded object-cover ring-1 ring-stone-300"
            />
          </a>
          {originals.includes(id) && (
            <a
              href={`${photoUrl(id)}?size=original`}
              download
              className="underline"
              data-photo-original={id}
            >
              Original
            </a>
          )}
        </span>
      ))}
    </span>
  );
}
