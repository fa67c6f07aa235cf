/**
 * The parcel's first guess for the shipment form (docs/shipping.md): the lines' weight (their
 * snapshot grams) and a box from the products' dimensions: the longest length, the widest breadth,
 * the heights stacked. A line without dimensions (or weight) makes the default package fill the gap.
 */
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { products } from "~/server/db/schema";
import { orderParcelLines } from "~/features/orders/order-records.server";
import type { ShippingSettings } from "./shipping-settings";

export interface ParcelSize {
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

export async function parcelGuess(
  db: DbOrTx,
  orderId: string,
  settings: ShippingSettings,
): Promise<ParcelSize> {
  const lines = await orderParcelLines(db, orderId);
  const ids = [...new Set(lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
  const sizes = ids.length
    ? await db
        .select({
          id: products.id,
          l: products.lengthCm,
          b: products.breadthCm,
          h: products.heightCm,
        })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const byId = new Map(sizes.map((s) => [s.id, s]));
  const fallback = settings.package;
  const weight = lines.reduce((sum, l) => sum + l.quantity * l.weightGrams, 0);
  let length = 0;
  let breadth = 0;
  let height = 0;
  let unknown = lines.length === 0;
  for (const line of lines) {
    const size = line.productId ? byId.get(line.productId) : undefined;
    if (!size?.l || !size.b || !size.h) {
      unknown = true;
      continue;
    }
    length = Math.max(length, size.l);
    breadth = Math.max(breadth, size.b);
    height += size.h * line.quantity;
  }
  if (unknown) {
    length = Math.max(length, fallback.lengthCm);
    breadth = Math.max(breadth, fallback.breadthCm);
    height = Math.max(height, fallback.heightCm);
  }
  return {
    weightGrams: weight > 0 ? weight : fallback.weightGrams,
    lengthCm: Math.min(length, 300),
    breadthCm: Math.min(breadth, 300),
    heightCm: Math.min(height, 300),
  };
}
