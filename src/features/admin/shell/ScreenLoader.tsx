/**
 * Loads a portal screen's chunk and shows it as soon as it is here. Not React.lazy with Suspense:
 * React holds a suspended boundary's content for about 300 ms after its fallback shows, which
 * delayed every screen's first request by that much (docs/decisions/0066-performance-targets.md).
 * A chunk that cannot be fetched is thrown to the ScreenBoundary around it.
 */
import { useEffect, useState, type ComponentType } from "react";
import Spinner from "~/components/ui/Spinner";

export type ScreenModule<P> = () => Promise<{ default: ComponentType<P> }>;

/** Screens already fetched, by their loader: shown at once the next time. */
const fetched = new Map<ScreenModule<never>, ComponentType<never>>();

/**
 * Starts fetching a screen's chunk before React renders (AdminApp, for the screen at the address):
 * once here, the screen shows in ScreenLoader's first render, with no spinner in between
 * (docs/decisions/0152-admin-first-rows-in-the-document.md). Settles (never rejects) once it is
 * here or has failed.
 */
export function preloadScreen<P>(load: ScreenModule<P>): Promise<void> {
  if (fetched.has(load as ScreenModule<never>)) return Promise.resolve();
  return load().then(
    (module) => {
      fetched.set(load as ScreenModule<never>, module.default as ComponentType<never>);
    },
    // A chunk that cannot be fetched is ScreenLoader's to report, when it asks again.
    () => undefined,
  );
}

export default function ScreenLoader<P extends object>({
  load,
  props,
}: {
  load: ScreenModule<P>;
  props: P;
}) {
  const [, setShown] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const Screen = fetched.get(load as ScreenModule<never>) as ComponentType<P> | undefined;
  useEffect(() => {
    if (Screen) return;
    let live = true;
    load().then(
      (module) => {
        fetched.set(load as ScreenModule<never>, module.default as ComponentType<never>);
        if (live) setShown((n) => n + 1);
      },
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [load, Screen]);
  if (failure) throw failure.error;
  return Screen ? <Screen {...props} /> : <Spinner label="Loading" />;
}
