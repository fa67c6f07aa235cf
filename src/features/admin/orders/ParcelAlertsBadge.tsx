/**
 * How many parcels have news the owner has not marked seen (an undelivered attempt, a return, a
 * loss; decision 0185), beside 'Orders' in the navigation, as the new inquiries' count is: refreshed
 * when she moves between screens; none shown at 0 or when it cannot be read.
 */
import { useEffect, useState } from "react";
import { CountBadge } from "~/features/admin/shell/CountBadge";
import { readCount } from "~/features/admin/shell/nav-count";
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
  return (
    <CountBadge
      count={count}
      data="parcel-alerts"
      says="parcels need you"
      colors="bg-red-600 text-cream-50"
    />
  );
}
