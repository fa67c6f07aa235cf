/**
 * The island's router: the current admin path and query in nanostores, moved by `navigate()`
 * (pushState), `setSearch()` (a screen's filters, kept in the address so a reload or a shared link
 * shows the same view) and by the browser's back and forward buttons. Nothing starts on import:
 * AdminApp calls `startAdminRouter()` once.
 */
import { atom } from "nanostores";

export const $adminPath = atom<string>("/admin");
/** The address's query ("?status=shipped&page=2", or ""). */
export const $adminSearch = atom<string>("");

/** Optional data handed from one screen to the next (docs/product.md §2 Admin orders: View opens the order it was given). */
export const $adminHandoff = atom<unknown>(undefined);

let started = false;

export function startAdminRouter(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  $adminPath.set(window.location.pathname);
  $adminSearch.set(window.location.search);
  window.addEventListener("popstate", () => {
    $adminHandoff.set(undefined);
    $adminPath.set(window.location.pathname);
    $adminSearch.set(window.location.search);
  });
}

/** Opens an admin path without reloading the page; a path outside /admin loads normally. */
export function navigate(path: string, handoff?: unknown): void {
  if (path !== "/admin" && !path.startsWith("/admin/") && !path.startsWith("/admin?")) {
    window.location.assign(path);
    return;
  }
  $adminHandoff.set(handoff);
  if (path !== window.location.pathname + window.location.search)
    window.history.pushState(null, "", path);
  const url = new URL(path, window.location.origin);
  $adminPath.set(url.pathname);
  $adminSearch.set(url.search);
  window.scrollTo(0, 0);
}

/**
 * Changes the current screen's query: `push` adds a history entry (a page or a status card, so
 * Back returns to it), otherwise the entry is replaced (typing in a filter).
 */
export function setSearch(search: string, options: { push?: boolean } = {}): void {
  if (search === window.location.search) return;
  const url = window.location.pathname + search;
  if (options.push) window.history.pushState(null, "", url);
  else window.history.replaceState(null, "", url);
  $adminSearch.set(search);
}
