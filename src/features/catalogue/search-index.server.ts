/**
 * Searching the storefront in memory (docs/decisions/0040-catalogue-cache.md). A search with `q`
 * matched every active product with five ILIKE scans per query; with 10,000 products a new search
 * took hundreds of milliseconds. Instead, once per catalogue version, every active product's
 * searchable text (name, description, category id and name, tags: each lower-cased, one per line,
 * so a match never spans two fields) is kept in list order, and a search is a substring test over
 * it: the same rule as the SQL one (`filterConditions` in catalogue.server.ts, `matchesFilters` in
 * catalogue.ts). Only the matching page's products are then read from the database.
 * When that finds nothing, the typo-tolerant rule of typo-search.ts runs over each product's words,
 * and "Did you mean ...?" is worked out from the catalogue's names, categories and tags
 * (docs/decisions/0198-search-typo-tolerance.md).
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { readCatalogue } from "./catalogue-store.server";
import { rawRows } from "~/server/db/raw-rows";
import { searchWords, suggestSearch, suggestionWords, typoMatches } from "./typo-search";

interface Searchable {
  id: string;
  categorySlug: string | null;
  text: string;
  /** The product's words for the typo-tolerant rule. */
  words: string[];
}

interface SearchIndex {
  rows: Searchable[];
  /** The words "Did you mean" may offer. */
  vocabulary: Set<string>;
}

async function readSearchables(tx: DbOrTx): Promise<SearchIndex> {
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
  const fields = rows.map((r) => ({
    name: r.name,
    description: r.description,
    tags: r.tags ? r.tags.split("\n") : [],
    category: r.category_name === null ? null : { name: r.category_name },
  }));
  return {
    rows: rows.map((r, i) => ({
      id: r.id,
      categorySlug: r.category_slug,
      text: [r.name, r.description, r.category_id ?? "", r.category_name ?? "", r.tags]
        .join("\n")
        .toLowerCase(),
      words: searchWords(fields[i]!),
    })),
    vocabulary: suggestionWords(fields),
  };
}

export interface SearchMatch {
  id: string;
  categorySlug: string | null;
}

/** The search's matches and, when they come from the typo-tolerant rule, its "Did you mean" text. */
export interface SearchResult {
  matches: SearchMatch[];
  suggestion: string | null;
}

/**
 * The active products matching `q` (already normalised, not empty), newest first as listProducts
 * orders them; within `category` (a slug) when given. Exact matches first; none, the typo-tolerant ones.
 */
export async function searchActiveProducts(
  db: DbOrTx,
  q: string,
  category: string | null = null,
): Promise<SearchResult> {
  const { value } = await readCatalogue(db, "search:index", readSearchables, {
    sizeOf: (index) => index.rows.reduce((n, r) => n + r.text.length * 4 + 64, 0),
  });
  const rows =
    category === null ? value.rows : value.rows.filter((row) => row.categorySlug === category);
  const needle = q.toLowerCase();
  const exact = rows.filter((row) => row.text.includes(needle));
  if (exact.length > 0) return { matches: exact, suggestion: null };
  return {
    matches: rows.filter((row) => typoMatches(q, row.words)),
    suggestion: suggestSearch(q, value.vocabulary),
  };
}
