/**
 * The island's router: the current admin path in a nanostore, moved by `navigate()` (pushState)
 * and by the browser's back and forward buttons. Nothing starts on import: AdminApp calls
 * `startAdminRouter()` once.
 */
import { atom } from "nanostores";

export const $adminPath = atom<string>("/admin");

/** Optional data handed from one screen to the next (SPEC: View "passing the order"). */
export const $adminHandoff = atom<unknown>(undefined);

let started = false;

export function startAdminRouter(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  $adminPath.set(window.location.pathname);
  window.addEventListener("popstate", () => {
    $adminHandoff.set(undefined);
    $adminPath.set(window.location.pathname);
  });
}

/** Opens an admin path without reloading the page; a path outside /admin loads normally. */
export function navigate(path: string, handoff?: unknown): void {
  if (path !== "/admin" && !path.startsWith("/admin/")) {
    window.location.assign(path);
    return;
  }
  $adminHandoff.set(handoff);
  if (path !== window.location.pathname + window.location.search)
    window.history.pushState(null, "", path);
  $adminPath.set(new URL(path, window.location.origin).pathname);
  window.scrollTo(0, 0);
}
