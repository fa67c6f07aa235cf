/**
 * What the home page renders on the server: the homepage-listed products and the collections shown
 * on the site (found), or that they could not be read (failed: 503, a line in place of the
 * carousels). The page arrives complete either way; nothing is fetched again in the browser.
 */
import type { DbOrTx } from "~/server/db/client";
import { readPage, type PageLoad } from "~/server/page-load";
import type { Category, HomeProduct } from "~/features/catalogue/catalogue";
import { listCategories, listHomeProducts } from "~/features/catalogue/catalogue-lists.server";
import { readCatalogue } from "~/features/catalogue/catalogue-store.server";

export type HomePage = PageLoad<{ products: HomeProduct[]; categories: Category[] }>;

export const HOME_LOAD_FAILED =
  "Our collections could not be loaded just now. Please try again in a moment.";

export function loadHomePage(openDb: () => Promise<DbOrTx>): Promise<HomePage> {
  return readPage("home page", async () => {
    const db = await openDb();
    const { value } = await readCatalogue(db, "page:home", async (tx) => ({
      products: await listHomeProducts(tx),
      categories: await listCategories(tx, { shownOnly: true }),
    }));
    const { products, categories } = value;
    return { state: "found" as const, status: 200 as const, products, categories };
  });
}
