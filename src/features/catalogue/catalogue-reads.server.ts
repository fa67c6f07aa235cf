/**
 * The storefront's catalogue reads, served from memory (catalogue-store.server.ts): the public API
 * answers already serialised and compressed, and the data of the product page. The admin's view
 * (inactive products, cost prices) is read from the database each time by catalogue.api.ts.
 */
import type { DbOrTx } from "~/server/db/client";
import {
  encodedSize,
  encodeJson,
  encodeWritten,
  type EncodedBody,
} from "~/server/encoded-body.server";
import { toWireJson } from "~/lib/wire-money";
import { normaliseSearch, type Product } from "./catalogue";
import { readCatalogue, type Versioned } from "./catalogue-store.server";
import { listCategories, listHomeProducts } from "./catalogue-lists.server";
import { getProduct, listProducts, listProductsByIds } from "./catalogue.server";
import { searchActiveProducts } from "./search-index.server";

/** `limit=0` (the whole list) is read and serialised this many products at a time. */
export const LIST_PAGE_SIZE = 500;

export interface PublicListQuery {
  limit: number;
  offset: number;
  category?: string | null;
  q?: string | null;
}

/**
 * The active products from `offset` on, in pages: each page becomes JSON bytes handed to `push`
 * and its objects are dropped, so the catalogue is never held as objects and bytes together.
 */
async function serialiseAll(
  tx: DbOrTx,
  query: PublicListQuery,
  push: (chunk: Buffer) => void,
): Promise<void> {
  push(Buffer.from("["));
  let first = true;
  for (let offset = query.offset; ; offset += LIST_PAGE_SIZE) {
    const page = await listProducts(tx, {
      limit: LIST_PAGE_SIZE,
      offset,
      status: "active",
      category: query.category,
      q: query.q,
      includeCost: false,
    });
    if (page.length > 0) {
      const text = toWireJson(page);
      push(Buffer.from((first ? "" : ",") + text.slice(1, -1)));
      first = false;
    }
    if (page.length < LIST_PAGE_SIZE) break;
  }
  push(Buffer.from("]"));
}

/**
 * GET /v2/products?status=active (anonymous view): the answer, encoded once per catalogue version.
 * A page of a search comes from the in-memory search (search-index.server.ts), so it forgives
 * typos as the list page does (docs/decisions/0198-search-typo-tolerance.md).
 */
export async function activeProductsAnswer(
  db: DbOrTx,
  query: PublicListQuery,
): Promise<Versioned<EncodedBody>> {
  const category = query.category?.trim() || null;
  const q = normaliseSearch(query.q) || null;
  const key = `api:products:${query.limit}:${query.offset}:${category ?? ""}:${q ?? ""}`;
  const filters = { ...query, category, q };
  if (query.limit === 0) {
    return readCatalogue<EncodedBody>(
      db,
      key,
      (tx) => encodeWritten((push) => serialiseAll(tx, filters, push)),
      { sizeOf: encodedSize },
    );
  }
  // The search runs before the page's own read (PGlite has one connection).
  const found = q ? await searchActiveProducts(db, q) : null;
  const ids = found?.matches
    .filter((m) => category === null || m.categorySlug === category)
    .map((m) => m.id);
  return readCatalogue(
    db,
    key,
    (tx) =>
      ids
        ? listProductsByIds(tx, ids.slice(query.offset, query.offset + query.limit), false)
        : listProducts(tx, {
            limit: query.limit,
            offset: query.offset,
            status: "active",
            category,
            q,
            includeCost: false,
          }),
    { finish: encodeJson, sizeOf: encodedSize },
  );
}

/** GET /v2/products/{id} (anonymous view): null when absent or inactive. */
export function activeProductAnswer(
  db: DbOrTx,
  id: string,
): Promise<Versioned<EncodedBody | null>> {
  return readCatalogue(
    db,
    `api:product:${id}`,
    (tx) => getProduct(tx, id, { includeInactive: false, includeCost: false }),
    {
      finish: (product) => (product ? encodeJson(product) : null),
      sizeOf: encodedSize,
    },
  );
}

export function homeProductsAnswer(db: DbOrTx): Promise<Versioned<EncodedBody>> {
  return readCatalogue(db, "api:home-products", listHomeProducts, {
    finish: encodeJson,
    sizeOf: encodedSize,
  });
}

export function categoriesAnswer(db: DbOrTx): Promise<Versioned<EncodedBody>> {
  return readCatalogue(
    db,
    "api:categories",
    async (tx) =>
      (await listCategories(tx, { shownOnly: true })).map((c) => ({
        id: c.id,
        slug: c.slug,
        name: c.name,
        img: c.img,
      })),
    { finish: encodeJson, sizeOf: encodedSize },
  );
}

/** The product page's product (active only): the same object for every visitor until a write. */
export async function activeProduct(db: DbOrTx, id: string): Promise<Product | null> {
  return (
    await readCatalogue(db, `page:product:${id}`, (tx) =>
      getProduct(tx, id, { includeInactive: false, includeCost: false }),
    )
  ).value;
}
