/**
 * The bodies of the team's routes (docs/decisions/0255-team-invites.md), in zod/mini: one schema for
 * the Team panel's form and the handlers (docs/decisions/0064-form-pattern.md). Browser-safe.
 */
import { z } from "zod/mini";
import { emailField } from "~/lib/fields";
import { type StaffRole, TEAM_ROLES } from "~/lib/roles";

const role = z.enum(TEAM_ROLES, { error: "role must be tm_admin (owner), studio or accountant" });

export const inviteBody = z.object({
  email: emailField({
    required: "email is required",
    invalid: "email must be an email address, like name@example.com",
  }),
  role,
});

export const roleBody = z.object({ role });

export const acceptBody = z.object({
  token: z.string({ error: "token is required" }).check(
    z.regex(/^[A-Za-z0-9_-]{20,100}$/, {
      error: "This invite link is not complete; copy it again from the mail.",
    }),
  ),
});

export type InviteBody = z.output<typeof inviteBody>;

/** GET /v2/admin/team's answer. */
export interface TeamJson {
  members: { uid: string; email: string; name: string; role: StaffRole }[];
  invites: { id: string; email: string; role: StaffRole; expiresAt: string }[];
}
