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
