/** The Team panel's calls (docs/decisions/0255-team-invites.md), on the portal's one API client. */
import type { TeamJson } from "~/features/team/team.schema";
import { adminDelete, adminGet, adminPost, adminPut } from "~/features/admin/shell/admin-api";
import type { StaffRole } from "~/lib/roles";

export type { TeamJson };

export const fetchTeam = (signal?: AbortSignal) => adminGet<TeamJson>("/v2/admin/team", { signal });

export const inviteMember = (email: string, role: StaffRole) =>
  adminPost<{ email: string; link: string; expiresAt: string }>("/v2/admin/team/invites", {
    email,
    role,
  });

const memberPath = (uid: string) => `/v2/admin/team/${encodeURIComponent(uid)}`;

export const changeRole = (uid: string, role: StaffRole) =>
  adminPut<{ uid: string; role: StaffRole }>(memberPath(uid), { role });

export const removeMember = (uid: string) => adminDelete<{ uid: string }>(memberPath(uid));
