/**
 * The portal asks the permission table (src/lib/permissions.ts) what the signed-in member's role
 * may do, to hide what it may not (the server refuses it anyway): `may("POST", "/v2/admin/...")`.
 */
import { useStore } from "@nanostores/react";
import { $user } from "~/features/account/session-store";
import { mayRequest } from "~/lib/permissions";

export function useMay(): (method: string, path: string) => boolean {
  const role = useStore($user)?.role;
  return (method, path) => mayRequest(role, method, path);
}

/**
 * Like useMay, but true while the role is not known yet: for the rows the /admin document carries,
 * drawn on the server before the session store has a user (decision 0153), which must match the
 * owner's first paint; a member's refused controls go when the store has their role.
 */
export function useMayOnceKnown(): (method: string, path: string) => boolean {
  const role = useStore($user)?.role;
  return (method, path) => role === undefined || mayRequest(role, method, path);
}
