/**
 * How many parcels have news the owner has not marked seen (an undelivered attempt, a return, a
 * loss; decision 0185), beside 'Orders' in the navigation, as the new inquiries' count is: refreshed
 * when she moves between screens; none shown at 0 or when it cannot be read.
 */
import { useEffect, useState } from "react";
import { readCount } from "~/features/admin/shell/inquiry-count";
import { fetchParcelAlerts } from "./shipments-client";

export default function ParcelAlertsBadge({ current }: { current: string }) {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    fetchParcelAlerts().then(
      (answer) => live && setCount(readCount(answer)),
      (error: unknown) => {
        console.warn("[admin] the parcel news count could not be read", error);
        if (live) setCount(null);
      },
    );
    return () => {
      live = false;
    };
  }, [current]);
  if (!count) return null;
  return (
    <span
      className="min-w-6 rounded-full bg-red-600 px-2 py-0.5 text-center text-xs font-semibold text-cream-50"
      data-parcel-alerts={count}
    >
      {count}
      <span className="sr-only"> parcels need you</span>
    </span>
  );
}
