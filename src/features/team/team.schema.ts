/** The bodies of the team's routes (docs/decisions/0255-team-invites.md); the browser reads them too. */
import { z } from "zod";
import { type StaffRole, TEAM_ROLES } from "~/lib/roles";

const role = z.enum(TEAM_ROLES, { error: "role must be tm_admin (owner), studio or accountant" });

export const inviteBody = z.object({
  email: z
    .string({ error: "email is required" })
    .trim()
    .max(254, { error: "email must be at most 254 characters" })
    .pipe(z.email({ error: "email must be an email address, like name@example.com" })),
  role,
});

export const roleBody = z.object({ role });

export const acceptBody = z.object({
  token: z.string({ error: "token is required" }).regex(/^[A-Za-z0-9_-]{20,100}$/, {
    error: "This invite link is not complete; copy it again from the mail.",
  }),
});

export type InviteBody = z.output<typeof inviteBody>;

/** GET /v2/admin/team's answer. */
export interface TeamJson {
  members: { uid: string; email: string; name: string; role: StaffRole }[];
  invites: { id: string; email: string; role: StaffRole; expiresAt: string }[];
}
