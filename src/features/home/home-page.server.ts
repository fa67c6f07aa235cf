/**
 * What the home page renders on the server: the Spotlight products and the shown collections, or
 * that they could not be read (503 with the 'Failed to load product' toast). Same three-outcome
 * shape as the product pages; the home page has no "missing" (an empty shop is still a page).
 */
import type { DbOrTx } from "../../server/db/client";
import type { Category, HomeProduct } from "../catalogue/catalogue";
import { listCategories, listHomeProducts } from "../catalogue/catalogue.server";

export type HomePageState =
  | { state: "found"; status: 200; products: HomeProduct[]; categories: Category[] }
  | { state: "failed"; status: 503 };

export const HOME_LOAD_FAILED = "Failed to load product";

export async function loadHomePage(openDb: () => Promise<DbOrTx>): Promise<HomePageState> {
  try {
    const db = await openDb();
    const [products, categories] = await Promise.all([listHomeProducts(db), listCategories(db, { shownOnly: true })]);
    return { state: "found", status: 200, products, categories };
  } catch (error) {
    console.error("home page: could not load the home products and categories:", error);
    return { state: "failed", status: 503 };
  }
}
