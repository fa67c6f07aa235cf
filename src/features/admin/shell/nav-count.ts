/**
 * A count beside a screen's name in the admin navigation (docs/product.md §2 Admin navigation):
 * GET `path` answering `{ "count": n }`, held in an atom the badge reads. Refreshed when the owner
 * moves between screens and by the screen's own calls after a change; one request at a time. A
 * failure, or an answer of another shape, shows no badge: null.
 */
import { atom, type ReadableAtom } from "nanostores";
import { adminGet } from "./admin-api";

/** `{ count: n }` with n a whole number >= 0 -> n; anything else -> null. */
export function readCount(answer: unknown): number | null {
  const count = (answer as { count?: unknown } | null)?.count;
  return typeof count === "number" && Number.isInteger(count) && count >= 0 ? count : null;
}

export interface NavCount {
  $count: ReadableAtom<number | null>;
  refresh: () => Promise<void>;
}

/** The count read from `path`; `what` names it in the console's warning when it cannot be read. */
export function navCount(path: string, what: string): NavCount {
  const $count = atom<number | null>(null);
  let inFlight: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    inFlight ??= adminGet<unknown>(path)
      .then((answer) => $count.set(readCount(answer)))
      .catch((error: unknown) => {
        console.warn(`[admin] the ${what} count could not be read`, error);
        $count.set(null);
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  return { $count, refresh };
}
