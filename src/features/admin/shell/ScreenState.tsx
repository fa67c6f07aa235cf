/**
 * What a portal screen shows until its data is found (docs/decisions/0052-portal-screen-contract.md):
 * a spinner while loading, the screen's "not found" sentence, or the failure with Try again.
 * Found, it renders `children(data)`.
 */
import type { ReactNode } from "react";
import Spinner from "~/components/ui/Spinner";
import type { ScreenData } from "./use-screen-data";

interface Props<T> {
  data: ScreenData<T>;
  /** "Loading orders" */
  loading: string;
  /** "Order not found" */
  missing?: string;
  /** "Failed to load orders" */
  failed: string;
  children: (data: T) => ReactNode;
}

export function LoadFailed({
  text,
  detail,
  onRetry,
}: {
  text: string;
  detail?: string;
  onRetry(): void;
}) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800"
      data-load-failed
    >
      <p className="font-medium">{text}</p>
      {detail && <p className="mt-1 text-sm">{detail}</p>}
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded-full bg-ink-900 px-4 py-1.5 text-sm font-semibold text-cream-50"
      >
        Try again
      </button>
    </div>
  );
}

export default function ScreenState<T>({ data, loading, missing, failed, children }: Props<T>) {
  if (data.state === "found") return <>{children(data.data)}</>;
  if (data.state === "loading")
    return (
      <div className="py-16 text-center">
        <Spinner label={loading} showLabel />
      </div>
    );
  if (data.state === "missing")
    return (
      <p
        role="alert"
        className="rounded-2xl border border-dashed border-cream-300 p-8 text-center text-ink-500"
        data-load-missing
      >
        {missing ?? "Not found"}
      </p>
    );
  return <LoadFailed text={failed} detail={data.error} onRetry={data.retry} />;
}
