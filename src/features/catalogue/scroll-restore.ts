/**
 * Scroll restoration of the product list (docs/product.md §2, §9): when a shopper comes back to the list,
 * the list grows back to the number of products it showed and the page scrolls to where it was,
 * retrying up to 20 times at 400 ms while images and later pages arrive.
 */
import { SCROLL_RESTORE_INTERVAL_MS, SCROLL_RESTORE_TRIES } from "./catalogue";

export interface ListPosition {
  /** window.scrollY when the shopper left. */
  y: number;
  /** How many products the list showed. */
  count: number;
}

const PREFIX = "products-scroll:";

/** One saved position per list address (path + query), so each filter keeps its own. */
export function positionKey(location: { pathname: string; search: string }): string {
  return PREFIX + location.pathname + location.search;
}

export function savePosition(
  storage: Pick<Storage, "setItem">,
  key: string,
  position: ListPosition,
): void {
  try {
    storage.setItem(
      key,
      JSON.stringify({
        y: Math.max(0, Math.round(position.y)),
        count: Math.max(0, Math.floor(position.count)),
      }),
    );
  } catch {
    // Storage full or blocked: restoring is a nicety.
  }
}

export function readPosition(storage: Pick<Storage, "getItem">, key: string): ListPosition | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ListPosition>;
    if (
      typeof value.y !== "number" ||
      typeof value.count !== "number" ||
      !Number.isFinite(value.y) ||
      !Number.isFinite(value.count)
    )
      return null;
    return { y: value.y, count: value.count };
  } catch {
    return null;
  }
}

export function clearPosition(storage: Pick<Storage, "removeItem">, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // ignore
  }
}

export interface RestoreDeps {
  scrollTo: (y: number) => void;
  currentY: () => number;
  schedule?: (fn: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
  tries?: number;
  intervalMs?: number;
  /** Called once: true when the page reached the position, false when the tries ran out. */
  onDone?: (reached: boolean) => void;
}

/**
 * Scrolls to `y` now and again every `intervalMs` until the page gets there (within 2 px) or
 * `tries` attempts were made. Returns a function that stops it (e.g. when the shopper scrolls).
 */
export function restoreScroll(y: number, deps: RestoreDeps): () => void {
  const tries = deps.tries ?? SCROLL_RESTORE_TRIES;
  const interval = deps.intervalMs ?? SCROLL_RESTORE_INTERVAL_MS;
  const schedule = deps.schedule ?? ((fn, ms) => setTimeout(fn, ms));
  const cancel = deps.cancel ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let attempts = 0;
  let handle: unknown;
  let stopped = false;

  const finish = (reached: boolean) => {
    stopped = true;
    deps.onDone?.(reached);
  };
  const attempt = () => {
    if (stopped) return;
    attempts += 1;
    deps.scrollTo(y);
    if (Math.abs(deps.currentY() - y) <= 2) return finish(true);
    if (attempts >= tries) return finish(false);
    handle = schedule(attempt, interval);
  };
  attempt();
  return () => {
    if (stopped) return;
    stopped = true;
    if (handle !== undefined) cancel(handle);
  };
}
