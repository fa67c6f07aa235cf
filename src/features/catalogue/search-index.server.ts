/**
 * Searching the storefront in memory (docs/decisions/0040-catalogue-cache.md). A search with `q`
 * matched every active product with five ILIKE scans per query; with 10,000 products a new search
 * took hundreds of milliseconds. Instead, once per catalogue version, every active product's
 * searchable text (name, description, category id and name, tags: each lower-cased, one per line,
 * so a match never spans two fields) is kept in list order, and a search is a substring test over
 * it: the same rule as the SQL one (`filterConditions` in catalogue.server.ts, `matchesFilters` in
 * catalogue.ts). Only the matching page's products are then read from the database.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../server/db/client";
import { readCatalogue } from "./catalogue-store.server";
import { rawRows } from "../../server/db/raw-rows";

interface Searchable {
  id: string;
  categorySlug: string | null;
  text: string;
}

async function readSearchables(tx: DbOrTx): Promise<Searchable[]> {
  const rows = await rawRows<{
    id: string;
    category_slug: string | null;
    name: string;
    description: string;
    category_id: string | null;
    category_name: string | null;
    tags: string;
  }>(
    tx,
    sql`
    select p.id, c.slug as category_slug, p.name, p.description, p.category_id, c.name as category_name,
           coalesce((select string_agg(t.tag, E'\n') from product_tags t where t.product_id = p.id), '') as tags
    from products p left join categories c on c.id = p.category_id
    where p.status = 'active'
    order by p.created_at desc, p.id collate "C" desc`,
  );
  return rows.map((r) => ({
    id: r.id,
    categorySlug: r.category_slug,
    text: [r.name, r.description, r.category_id ?? "", r.category_name ?? "", r.tags]
      .join("\n")
      .toLowerCase(),
  }));
}

export interface SearchMatch {
  id: string;
  categorySlug: string | null;
}

/** The active products matching `q` (already normalised, not empty), newest first as listProducts orders them. */
export async function searchActiveProducts(db: DbOrTx, q: string): Promise<SearchMatch[]> {
  const { value } = await readCatalogue(db, "search:index", readSearchables, {
    sizeOf: (rows) => rows.reduce((n, r) => n + r.text.length * 2 + 64, 0),
  });
  const needle = q.toLowerCase();
  return value.filter((row) => row.text.includes(needle));
}
