/**
 * The catalogue's loader for pricing lines (the cart; checkout later): the products named, with
 * their variants in position order and their first image, read in one statement. Other features
 * read products through this, never from the catalogue's tables themselves.
 */
import { inArray, type SQL, sql } from "drizzle-orm";
import { builtOnce } from "~/server/db/built-once";
import type { DbOrTx } from "~/server/db/client";
import { rawRows } from "~/server/db/raw-rows";
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

/** A product row as pricingSql answers it (its columns named as PricingProduct's fields). */
type PricingRow = Omit<PricingProduct, "image" | "variants"> & {
  image: string | null;
  variants: VariantRow[] | string | null;
  extra: Record<string, unknown> | string | null;
};

/**
 * The statement: the products `where` names, their first image and variants, and `extra`.
 * Correlated subqueries name the outer row "products"."id" in full.
 */
function pricingSql(where: SQL | undefined, extra: Record<string, SQL>): SQL {
  const columns = sql.join(
    Object.entries(extra).map(([key, value]) => sql`${key}::text, ${value}`),
    sql`, `,
  );
  return sql`select ${products.id} as "id", ${products.name} as "name",
      ${products.status} as "status", ${products.pricePaise} as "pricePaise",
      ${products.weightGrams} as "weightGrams", ${products.processingDays} as "processingDays",
      ${products.personalisation} as "personalisation",
      (select i.url from product_images i
        where i.product_id = "products"."id" order by i.position, i.id limit 1) as "image",
      (select json_agg(json_build_object(
          'id', v.id, 'name', v.name, 'value', v.value, 'price', v.price_paise) order by v.position, v.id)
        from product_variants v where v.product_id = "products"."id") as "variants",
      json_build_object(${columns}) as "extra"
    from ${products}${where ? sql` where ${where}` : sql``}`;
}

/** The same statement built once per shape (docs/decisions/0331-hot-statements-built-once.md). */
const pricingOnce = builtOnce(
  (shape: { key: string; where: SQL | undefined; extra: Record<string, SQL> }) => shape.key,
  ({ where, extra }) => pricingSql(where, extra),
);

/**
 * A hot caller's statement built once: `shape` names what changes its text (the caller's own key),
 * `where` and `extra` carry `sql.placeholder`s where its values go, and `values` fills them.
 */
export interface BuiltOncePricing {
  shape: string;
  values: Record<string, unknown>;
}

/**
 * The products `where` names, each with `extra` columns read in the same statement (the cart reads
 * its lines and the products' stock modes this way: one statement, docs/decisions/0280). An extra
 * column may name the product's row as "products"."id". `once`: see BuiltOncePricing.
 */
export async function loadPricingWith<E extends Record<string, SQL>>(
  db: DbOrTx,
  where: SQL | undefined,
  extra: E,
  once?: BuiltOncePricing,
): Promise<{ product: PricingProduct; extra: { [K in keyof E]: unknown } }[]> {
  const rows = once
    ? await pricingOnce.rows<PricingRow>(db, { key: once.shape, where, extra }, once.values)
    : await rawRows<PricingRow>(db, pricingSql(where, extra));
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
