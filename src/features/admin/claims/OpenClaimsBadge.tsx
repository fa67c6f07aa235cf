/** How many damage claims wait for a decision, beside 'Claims' in the navigation (none at 0 or unknown). */
import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { $openClaims, refreshOpenClaims } from "./claims-client";

export default function OpenClaimsBadge({ current }: { current: string }) {
  const open = useStore($openClaims);
  useEffect(() => {
    void refreshOpenClaims();
  }, [current]);
  if (!open) return null;
  return (
    <span
      className="min-w-6 rounded-full bg-gold-500 px-2 py-0.5 text-center text-xs font-semibold text-ink-900"
      data-open-claims={open}
    >
      {open}
      <span className="sr-only"> waiting</span>
    </span>
  );
}
