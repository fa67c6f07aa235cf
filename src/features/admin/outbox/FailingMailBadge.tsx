/** How many mails are failing, beside 'Outbox' in the navigation (none shown at 0 or unknown). */
import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { $failingMail, refreshFailingMail } from "./failing-mail-count";

export default function FailingMailBadge({ current }: { current: string }) {
  const failing = useStore($failingMail);
  useEffect(() => {
    void refreshFailingMail();
  }, [current]);
  if (!failing) return null;
  return (
    <span
      className="min-w-6 rounded-full bg-red-600 px-2 py-0.5 text-center text-xs font-semibold text-white"
      data-failing-mail={failing}
    >
      {failing}
      <span className="sr-only"> failing</span>
    </span>
  );
}
