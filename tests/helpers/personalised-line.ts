/**
 * A cart line personalised as the cart stores it (docs/decisions/0229-personalisation-fields.md):
 * the product's field list set, the line's values, and its key carrying the values' hash.
 */
import { eq } from "drizzle-orm";
import { lineKey, personalisationKey } from "~/features/personalisation/personalisation";
import type { PersonalisationField, PersonalisedValue } from "~/lib/personalisation-types";
import { schema, type Db } from "~/server/db/client";

export async function personaliseCartLine(
  db: Db,
  productId: string,
  fields: PersonalisationField[],
  personalisation: PersonalisedValue[],
): Promise<void> {
  await db
    .update(schema.products)
    .set({ personalisation: fields })
    .where(eq(schema.products.id, productId));
  const [row] = await db
    .select()
    .from(schema.cartItems)
    .where(eq(schema.cartItems.productId, productId));
  await db
    .update(schema.cartItems)
    .set({
      personalisation,
      variantKey: lineKey(row!.variantKey, personalisationKey(personalisation)),
    })
    .where(eq(schema.cartItems.productId, productId));
}
