/**
 * Toasts that survive the full navigation that follows them (login -> /, logout -> /, a payment
 * verified -> /my-orders): kept in sessionStorage for a few seconds and shown by the next page at
 * its first paint, by the toaster's inline script as the parser reaches it (flash-paint.server.ts,
 * docs/decisions/0333-flash-toasts-at-first-paint.md), which also clears them. The toaster's module
 * script (Toaster.astro) adopts those toasts into the queue, then calls showFlashedToasts() for
 * any the inline script did not take (it did not run): docs/decisions/0328-flash-toasts-first.md.
 */
import { showToast, type ToastInput } from "./toast-store";

/** The sessionStorage key (the inline painter, flash-paint.server.ts, reads it too). */
export const FLASH_KEY = "flashToasts";
/** A flash older than this is dropped (a tab reopened later must not show it). */
export const FLASH_MAX_AGE_MS = 20_000;

function safeSession<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined; // storage blocked: the toast is lost, the page still works
  }
}

interface Flash extends ToastInput {
  at: number;
}

/** Shows `toast` on the next page (after a full navigation). */
export function flashToast(toast: ToastInput): void {
  const list = readFlashes();
  list.push({ ...toast, at: Date.now() });
  safeSession(() => sessionStorage.setItem(FLASH_KEY, JSON.stringify(list)));
}

function readFlashes(): Flash[] {
  const raw = safeSession(() => sessionStorage.getItem(FLASH_KEY));
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as Flash[];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Shows (once) the toasts flashed by the previous page. */
export function showFlashedToasts(): void {
  const list = readFlashes();
  if (list.length === 0) return;
  safeSession(() => sessionStorage.removeItem(FLASH_KEY));
  for (const t of list) {
    if (Date.now() - t.at > FLASH_MAX_AGE_MS) continue;
    showToast({ type: t.type, title: t.title, ...(t.message ? { message: t.message } : {}) });
  }
}
