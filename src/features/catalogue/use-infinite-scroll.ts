/** Infinite scroll: calls `loadMore` when the sentinel element nears the viewport (400 px ahead). */
import { useEffect, type RefObject } from "react";

/** `active`: there is more to show and nothing is awaited; a new `rows` count re-arms the observer. */
export function useInfiniteScroll(
  sentinel: RefObject<HTMLElement | null>,
  active: boolean,
  loadMore: () => void,
  rows: number,
): void {
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !active || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: "0px 0px 400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [sentinel, active, loadMore, rows]);
}
