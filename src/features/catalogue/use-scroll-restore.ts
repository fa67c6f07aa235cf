/**
 * Scroll restoration for the product list: where the shopper was (and how many rows showed) is
 * remembered when they leave (`pagehide`, or opening a product: call `remember`); on coming back
 * (Back/Forward or reload) the list grows to those rows and scrolls there, until the shopper
 * scrolls themselves. The position logic is scroll-restore.ts.
 */
import { useCallback, useEffect, useRef } from "react";
import { INITIAL_VISIBLE_PRODUCTS, PRODUCT_PAGE_SIZE } from "./catalogue";
import {
  clearPosition,
  positionKey,
  readPosition,
  restoreScroll,
  savePosition,
} from "./scroll-restore";

/** Back/forward and reload restore the list; a fresh visit starts at the top. */
function isReturnVisit(): boolean {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry?.type === "back_forward" || entry?.type === "reload";
}

/** `rows`: how many cards show now; `showRows`: grows the list on a return visit. Returns `remember`. */
export function useScrollRestore(rows: number, showRows: (count: number) => void): () => void {
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const showRef = useRef(showRows);
  showRef.current = showRows;
  const remember = useCallback(() => {
    savePosition(sessionStorage, positionKey(window.location), {
      y: window.scrollY,
      count: rowsRef.current,
    });
  }, []);

  useEffect(() => {
    const storageKey = positionKey(window.location);
    const saved = isReturnVisit() ? readPosition(sessionStorage, storageKey) : null;
    clearPosition(sessionStorage, storageKey);
    window.addEventListener("pagehide", remember);
    if (!saved) return () => window.removeEventListener("pagehide", remember);
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    showRef.current(
      Math.max(
        INITIAL_VISIBLE_PRODUCTS,
        Math.ceil(saved.count / PRODUCT_PAGE_SIZE) * PRODUCT_PAGE_SIZE,
      ),
    );
    const stop = restoreScroll(saved.y, {
      scrollTo: (y) => window.scrollTo(0, y),
      currentY: () => window.scrollY,
    });
    // The shopper taking over ends the attempts.
    const userScroll = () => stop();
    const opts = { passive: true, once: true } as const;
    window.addEventListener("wheel", userScroll, opts);
    window.addEventListener("touchstart", userScroll, opts);
    window.addEventListener("keydown", userScroll, { once: true });
    return () => {
      stop();
      window.removeEventListener("pagehide", remember);
      window.removeEventListener("wheel", userScroll);
      window.removeEventListener("touchstart", userScroll);
      window.removeEventListener("keydown", userScroll);
    };
  }, [remember]);

  return remember;
}
