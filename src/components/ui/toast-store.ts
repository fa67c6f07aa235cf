/**
 * The one toast queue (docs/product.md §8): any island or plain <script> calls `showToast(...)`;
 * `Toaster.astro` renders the queue without React, so content-only pages can show toasts too.
 * A toast closes when clicked (`dismissToast`) or after TOAST_DURATION_MS.
 */
import { atom } from "nanostores";

export type ToastType = "success" | "error" | "warning" | "info";

export interface ToastInput {
  type: ToastType;
  title: string;
  message?: string;
}

export interface Toast extends ToastInput {
  id: number;
}

/** docs/product.md §9: toast duration 5 seconds. */
export const TOAST_DURATION_MS = 5000;

/** The visible toasts, oldest first. Read-only for consumers: change it with showToast/dismissToast. */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Shows a toast and returns its id; it closes by itself after 5 s. `durationMs`: less when the
 * toast has already been on screen (a flashed toast painted before the queue's script ran,
 * docs/decisions/0333-flash-toasts-at-first-paint.md).
 */
export function showToast(input: ToastInput, durationMs = TOAST_DURATION_MS): number {
  const id = nextId++;
  const toast: Toast = {
    id,
    type: input.type,
    title: input.title,
    ...(input.message ? { message: input.message } : {}),
  };
  $toasts.set([...$toasts.get(), toast]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), Math.max(0, durationMs)),
  );
  return id;
}

/** Closes one toast (a click on it, or its timer). Unknown ids are ignored. */
export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  const list = $toasts.get();
  if (list.some((t) => t.id === id)) $toasts.set(list.filter((t) => t.id !== id));
}

/** Closes every toast (tests, or a page that wants a clean slate). */
export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  $toasts.set([]);
}
