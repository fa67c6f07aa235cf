/** A shopper's photos in "Download my data" (docs/decisions/0262-customer-photos-private.md). */
import { asc, eq } from "drizzle-orm";
import type { Tx } from "~/server/db/client";
import { personalPhotos } from "~/server/db/schema";
import { photoUrl } from "./photo-rules";

export async function photosOf(tx: Tx, uid: string) {
  const rows = await tx
    .select()
    .from(personalPhotos)
    .where(eq(personalPhotos.userId, uid))
    .orderBy(asc(personalPhotos.createdAt), asc(personalPhotos.id));
  return rows.map((r) => ({
    id: r.id,
    productId: r.productId,
    field: r.fieldId,
    width: r.width,
    height: r.height,
    uploadedAt: r.createdAt,
    href: photoUrl(r.id),
  }));
}
