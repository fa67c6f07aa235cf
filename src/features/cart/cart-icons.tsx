/** The cart drawer's icon buttons: one style, and the paths of their icons. */

export const ICON_BUTTON =
  "inline-flex h-9 w-9 items-center justify-center rounded-full text-ink-700 hover:bg-cream-200 hover:text-ink-900 disabled:cursor-not-allowed disabled:opacity-40";

export function Icon({ path }: { path: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}
export const CLOSE = "M6 6l12 12M18 6L6 18";
export const REFRESH =
  "M4 4v6h6M20 20v-6h-6M5.6 15a7 7 0 0 0 12.1 2.3L20 14M4 10l2.3-3.3A7 7 0 0 1 18.4 9";
export const TRASH =
  "M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3";
export const INFO = "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 11v6M12 7.5v.01";
export const MINUS = "M6 12h12";
export const PLUS = "M12 6v12M6 12h12";
