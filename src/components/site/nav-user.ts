/**
 * What the navigation needs to know about the signed-in person (the `user` prop of TopNav).
 *
 * Contract for the accounts change: put the signed-in user on `Astro.locals.user` (middleware);
 * Shop.astro passes it through `toNavUser`, which accepts any object with at least one of
 * `firstName` / `displayName` / `email`, and reads `isOwner: true` (the configured OWNER_UID) or a
 * team role (`role`: owner, studio, accountant; decision 0253) to show the portal link (/admin).
 * `undefined` or `null` means signed out (Login and Signup are shown).
 */
export interface NavUser {
  /** Shown in the greeting ("Hi, Asha"). */
  firstName: string;
  /** Prefills the custom-order inquiry. */
  fullName?: string;
  email?: string;
  /** The configured owner (OWNER_UID). */
  isOwner: boolean;
  /**
   * Shows the portal link: the configured owner or any team member (src/lib/roles.ts isStaff;
   * docs/decisions/0253-team-roles.md). Drawn by the server: no script on the page.
   */
  portal: boolean;
}

import { isStaff } from "~/lib/roles";

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
  const isOwner = u.isOwner === true;
  const role = typeof u.role === "string" ? u.role : null;
  return {
    firstName,
    fullName,
    ...(email ? { email } : {}),
    isOwner,
    portal: isOwner || isStaff({ role }),
  };
}
