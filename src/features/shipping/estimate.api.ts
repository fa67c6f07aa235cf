/**
 * GET /v2/delivery-estimate?pin=560001&weight=800&days=20 (the checkout: the cart's grams and its
 * slowest product's processing days) or ?pin=560001&product={id} (the product page): the
 * DeliveryEstimate of estimate.server.ts. Anyone may ask; nothing is written.
 */
import type { APIContext } from "astro";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/server/db/client";
import { products } from "~/server/db/schema";
import { HttpError, json, readQuery } from "~/server/http";
import { deliveryEstimate } from "./estimate.server";
import { PIN_NEEDED } from "./shipping";

const digits = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n <= max, `${name} must be at most ${max}`)
    .optional();

const query = z.object({
  pin: z.string({ error: PIN_NEEDED }).trim(),
  weight: digits("weight", 100_000),
  days: digits("days", 90),
  product: z.string().trim().max(120).optional(),
});

export async function getDeliveryEstimate(context: APIContext): Promise<Response> {
  const q = readQuery(context.url, query);
  const db = await getDb();
  let weightGrams = q.weight ?? 500;
  let dispatchDays = q.days ?? 20;
  if (q.product) {
    const [p] = await db
      .select({ weightGrams: products.weightGrams, processingDays: products.processingDays })
      .from(products)
      .where(eq(products.id, q.product));
    if (!p) throw new HttpError(404, "Product not found");
    weightGrams = p.weightGrams;
    dispatchDays = p.processingDays;
  }
  return json(await deliveryEstimate(db, { pin: q.pin, weightGrams, dispatchDays }), {
    headers: { "cache-control": "no-store" },
  });
}
