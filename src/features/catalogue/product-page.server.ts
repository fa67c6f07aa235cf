/**
 * What the product page (/products/product/{id}) renders on the server: the product, or that it
 * is not there (404), or that it could not be read (503 with the spec's 'Failed to load product'
 * toast, so a database hiccup is not mistaken for a product that does not exist).
 */
import type { DbOrTx } from "~/server/db/client";
import { readPage, type PageLoad } from "~/server/page-load";
import { idParam } from "~/lib/fields";
import { getProduct } from "./catalogue.server";
import { activeProduct } from "./catalogue-reads.server";
import type { Product } from "./catalogue";

export type ProductPageState = PageLoad<{ product: Product }>;

export const PRODUCT_LOAD_FAILED = "Failed to load product";

/**
 * `openDb` is called here (not by the page) so that a database that cannot be opened is a
 * failed load too. Inactive products are shown only to an administrator.
 */
export async function loadProductPage(
  openDb: () => Promise<DbOrTx>,
  rawId: string | undefined,
  options: { admin: boolean },
): Promise<ProductPageState> {
  const parsed = idParam().safeParse(rawId);
  if (!parsed.success) return { state: "missing", status: 404 };
  return readPage(`product page ${JSON.stringify(parsed.data)}`, async () => {
    const db = await openDb();
    // Shoppers read the product from memory (catalogue-store.server.ts); the admin sees inactive ones too.
    const product = options.admin
      ? await getProduct(db, parsed.data, { includeInactive: true, includeCost: false })
      : await activeProduct(db, parsed.data);
    return product
      ? { state: "found" as const, status: 200 as const, product }
      : { state: "missing" as const, status: 404 as const };
  });
}
