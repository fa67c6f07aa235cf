/**
 * The number beside a screen's name in the admin navigation (nav-count.ts): none at 0 or unknown;
 * `data` names its data attribute (data-<data>=count) and `says` what the number counts, for
 * screen readers.
 */
import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import type { NavCount } from "./nav-count";

export interface BadgeLook {
  data: string;
  says: string;
  /** Background and text colours; gold on ink unless told. */
  colors?: string;
}

export function CountBadge({
  count,
  data,
  says,
  colors = "bg-gold-500 text-ink-900",
}: BadgeLook & { count: number | null }) {
  if (!count) return null;
  return (
    <span
      className={`min-w-6 rounded-full px-2 py-0.5 text-center text-xs font-semibold ${colors}`}
      {...{ [`data-${data}`]: count }}
    >
      {count}
      <span className="sr-only">{` ${says}`}</span>
    </span>
  );
}

/** A badge's look and the count it shows. */
export type NavCountLook = BadgeLook & { of: NavCount };

/** A CountBadge of `of`, asked again each time the owner moves to another screen (`current`). */
export function NavCountBadge({ current, of, ...look }: NavCountLook & { current: string }) {
  const count = useStore(of.$count);
  useEffect(() => {
    void of.refresh();
  }, [current, of]);
  return <CountBadge count={count} {...look} />;
}
