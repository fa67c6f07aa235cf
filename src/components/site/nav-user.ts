/**
 * What the navigation needs to know about the signed-in person (the `user` prop of TopNav).
 *
 * Contract for the accounts change: put the signed-in user on `Astro.locals.user` (middleware);
 * Shop.astro passes it through `toNavUser`, which accepts any object with at least one of
 * `firstName` / `displayName` / `email`, and reads `isOwner: true` to show the portal link (/admin).
 * `undefined` or `null` means signed out (Login and Signup are shown).
 */
export interface NavUser {
  /** Shown in the greeting ("Hi, Asha"). */
  firstName: string;
  /** Prefills the custom-order inquiry. */
  fullName?: string;
  email?: string;
  /** Only the owner sees the portal link (docs/product.md §2, §6). */
  isOwner: boolean;
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** Narrows whatever the middleware put on `Astro.locals.user` to a NavUser, or null. */
export function toNavUser(value: unknown): NavUser | null {
  if (!value || typeof value !== "object") return null;
  const u = value as Record<string, unknown>;
  const email = text(u.email);
  const firstName =
    text(u.firstName) || text(u.displayName).split(/\s+/)[0] || email.split("@")[0] || "";
  if (!firstName) return null;
  const fullName =
    [text(u.firstName), text(u.lastName)].filter(Boolean).join(" ") ||
    text(u.displayName) ||
    firstName;
  return { firstName, fullName, ...(email ? { email } : {}), isOwner: u.isOwner === true };
}
