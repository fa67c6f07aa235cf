/**
 * The home page's client fallback. The page is rendered on the server with its data; only when
 * that failed does it show the splash ('Loading your resin experience !') and this script fetches
 * /v2/home-products and /v2/categories (cached for the tab in sessionStorage), fills both
 * carousels with the same card markup as the server (cards.ts), and ends the splash. A failed
 * fetch is logged and the splash ends anyway (SPEC §8 silent failures).
 */
import type { Category, HomeProduct } from "../catalogue/catalogue";
import { categoryTrackHtml, HOME_CATEGORIES_KEY, HOME_PRODUCTS_KEY, productTrackHtml } from "./cards";

type CategoryItem = Pick<Category, "id" | "slug" | "name" | "img">;

async function cachedJson<T>(key: string, url: string, fetchImpl: typeof fetch): Promise<T> {
  try {
    const hit = sessionStorage.getItem(key);
    if (hit) return JSON.parse(hit) as T;
  } catch {
    /* storage blocked or corrupt: fetch */
  }
  const response = await fetchImpl(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const data = (await response.json()) as T;
  if (!Array.isArray(data)) throw new Error(`${url} did not answer a list`);
  try {
    sessionStorage.setItem(key, JSON.stringify(data));
  } catch {
    /* full or blocked: fine */
  }
  return data;
}

export async function loadHomeData(fetchImpl: typeof fetch = fetch): Promise<{ products: HomeProduct[]; categories: CategoryItem[] }> {
  const [products, categories] = await Promise.all([
    cachedJson<HomeProduct[]>(HOME_PRODUCTS_KEY, "/v2/home-products", fetchImpl),
    cachedJson<CategoryItem[]>(HOME_CATEGORIES_KEY, "/v2/categories", fetchImpl),
  ]);
  return { products, categories };
}

/** Fills the carousels and ends the splash; resolves when done (whatever happened). */
export async function runHomeFallback(splash: HTMLElement): Promise<void> {
  const categoryTrack = document.querySelector<HTMLElement>("[data-auto-carousel] [data-track]");
  const productTrack = document.querySelector<HTMLElement>("[data-arrow-carousel] [data-scroller]");
  try {
    const { products, categories } = await loadHomeData();
    if (categoryTrack) categoryTrack.innerHTML = categoryTrackHtml(categories);
    if (productTrack) productTrack.innerHTML = productTrackHtml(products);
    document.querySelector<HTMLElement>("#collections")?.toggleAttribute("hidden", categories.length === 0);
    document.querySelector<HTMLElement>("#spotlight")?.toggleAttribute("hidden", products.length === 0);
  } catch (error) {
    console.error("[home] loading the home products and categories failed", error);
  } finally {
    splash.remove();
    document.querySelector<HTMLElement>("[data-home-sections]")?.removeAttribute("aria-busy");
  }
}
