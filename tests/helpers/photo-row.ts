/** A customer photo's row (docs/decisions/0262-customer-photos-private.md) for fixtures that fill tables. */
import { schema, type Db } from "~/server/db/client";

export async function insertPhotoRow(db: Db, id: string, userId: string, productId: string) {
  await db
    .insert(schema.personalPhotos)
    .values({ id, userId, productId, fieldId: "photo", width: 1200, height: 800 });
}
