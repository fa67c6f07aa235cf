/**
 * The one way a portal screen gets its data (docs/decisions/0052-portal-screen-contract.md), with
 * the three outcomes of docs/decisions/0019-page-loads.md: found, missing (the loader answers null,
 * or the server 404), failed (anything else; `retry()` asks again). The screen passes a loader from
 * its area's client module and the values it depends on; a change of those loads again, keeping
 * the rows already shown (`refreshing`) so a page or filter change never blanks the table.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "~/lib/api-client";
import { failureText } from "./portal-errors";

export type ScreenLoad<T> =
  | { state: "loading" }
  | { state: "found"; data: T }
  | { state: "missing" }
  | { state: "failed"; error: string };

export type ScreenData<T> = ScreenLoad<T> & {
  /** A newer load is on its way (the shown data is the previous one's). */
  refreshing: boolean;
  /** Loads again (Try again, or after a write). */
  retry(): void;
  /** Replaces the found data in place (after a write the server answered). */
  update(change: (data: T) => T): void;
};

/** Classifies what a loader threw: a 404 is missing, anything else failed. */
export function outcomeOf<T>(result: { data: T | null } | { error: unknown }): ScreenLoad<T> {
  if ("data" in result)
    return result.data === null ? { state: "missing" } : { state: "found", data: result.data };
  if (result.error instanceof ApiError && result.error.status === 404) return { state: "missing" };
  return { state: "failed", error: failureText(result.error) };
}

export function useScreenData<T>(
  load: (signal: AbortSignal) => Promise<T | null>,
  deps: readonly unknown[],
  options: { initial?: T } = {},
): ScreenData<T> {
  const [result, setResult] = useState<ScreenLoad<T>>(() =>
    options.initial !== undefined
      ? { state: "found", data: options.initial }
      : { state: "loading" },
  );
  const [refreshing, setRefreshing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setRefreshing(true);
    loader
      .current(controller.signal)
      .then(
        (data) => ({ data }),
        (error: unknown) => ({ error }),
      )
      .then((settled) => {
        if (controller.signal.aborted) return;
        if ("error" in settled)
          console.warn("[admin] a screen's data could not be read", settled.error);
        setResult((shown) => {
          const next = outcomeOf<T>(settled);
          // A failed refresh keeps what was shown; the toast-free retry stays available on it.
          return next.state === "failed" && shown.state === "found" ? shown : next;
        });
        setRefreshing(false);
      });
    return () => controller.abort();
  }, [...deps, attempt]);

  const retry = useCallback(() => {
    setResult((shown) => (shown.state === "found" ? shown : { state: "loading" }));
    setAttempt((n) => n + 1);
  }, []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setResult((shown) =>
        shown.state === "found" ? { state: "found", data: change(shown.data) } : shown,
      ),
    [],
  );
  return { ...result, refreshing, retry, update } as ScreenData<T>;
}
