/**
 * The catalogue's loader for pricing lines (the cart; checkout later): the products named, with
 * their variants in position order and their first image, read in one statement. Other features
 * read products through this, never from the catalogue's tables themselves.
 */
import { inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { products } from "~/server/db/schema";
import type { PersonalisationField } from "~/lib/personalisation-types";

export interface PricingProduct {
  id: string;
  name: string;
  status: string;
  pricePaise: number;
  weightGrams: number;
  /** Days from payment to dispatch at the latest (products.processing_days). */
  processingDays: number;
  /** URL of the first image, "" when it has none. */
  image: string;
  variants: { id: string; name: string; value: string; price: number }[];
  /** The shopper's personalisation fields (decision 0229). */
  personalisation: PersonalisationField[];
}

type VariantRow = PricingProduct["variants"][number];

/** Products by id (absent ids are simply not in the map), inactive ones included with their status. */
export async function loadPricingProducts(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, PricingProduct>> {
  const unique = [...new Set(ids)];
  const map = new Map<string, PricingProduct>();
  if (unique.length === 0) return map;
  for (const { product } of await loadPricingWith(db, inArray(products.id, unique), {}))
    map.set(product.id, product);
  return map;
}

/**
 * The products `where` names, each with `extra` columns read in the same statement (the cart reads
 * its lines and the products' stock modes this way: one statement, docs/decisions/0280). An extra
 * column may name the product's row as "products"."id".
 */
export async function loadPricingWith<E extends Record<string, SQL>>(
  db: DbOrTx,
  where: SQL | undefined,
  extra: E,
): Promise<{ product: PricingProduct; extra: { [K in keyof E]: unknown } }[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      status: products.status,
      pricePaise: products.pricePaise,
      weightGrams: products.weightGrams,
      processingDays: products.processingDays,
      personalisation: products.personalisation,
      // Correlated subqueries name the outer row "products"."id" in full: Drizzle writes a column of
      // the selected table unqualified, which inside the subquery would mean the inner table's id.
      image: sql<string | null>`(select i.url from product_images i
        where i.product_id = "products"."id" order by i.position, i.id limit 1)`,
      variants: sql<VariantRow[] | string | null>`(select json_agg(json_build_object(
          'id', v.id, 'name', v.name, 'value', v.value, 'price', v.price_paise) order by v.position, v.id)
        from product_variants v where v.product_id = "products"."id")`,
      extra: sql<Record<string, unknown> | string | null>`json_build_object(${sql.join(
        Object.entries(extra).map(([key, value]) => sql`${key}::text, ${value}`),
        sql`, `,
      )})`,
    })
    .from(products)
    .where(where);
  return rows.map(({ extra: more, ...row }) => {
    const variants =
      typeof row.variants === "string"
        ? (JSON.parse(row.variants) as VariantRow[])
        : (row.variants ?? []);
    const columns = typeof more === "string" ? JSON.parse(more) : (more ?? {});
    return {
      product: { ...row, image: row.image ?? "", variants },
      extra: columns as { [K in keyof E]: unknown },
    };
  });
}
