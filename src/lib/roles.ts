/**
 * Roles of docs/product.md §3/§6 and the studio's team (docs/decisions/0253-team-roles.md): the one
 * definition of who may enter the owner's portal. `tm_admin` is the owner (the spec's administrator,
 * everything); `studio` and `accountant` are team members whose routes the permission table names
 * (src/lib/permissions.ts). Anything else is a customer.
 */
export type Role = "customer" | "tm_admin" | "studio" | "accountant";
export type StaffRole = "tm_admin" | "studio" | "accountant";
export const ADMIN_ROLE = "tm_admin" satisfies Role;
export const STAFF_ROLES: readonly StaffRole[] = ["tm_admin", "studio", "accountant"];
/** Roles the owner can give a team member (an invite, a change of role). */
export const TEAM_ROLES = ["tm_admin", "studio", "accountant"] as const;

/** How the portal names each role. */
export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  tm_admin: "Owner",
  studio: "Studio",
  accountant: "Accountant",
};

/** Whether a user is the owner (role tm_admin): the spec's administrator, allowed everything. */
export const isAdmin = (user: { role?: string | null } | null | undefined): boolean =>
  user?.role === ADMIN_ROLE;

/** Whether a user is on the studio's team (owner, studio or accountant): may open the portal. */
export const isStaff = (user: { role?: string | null } | null | undefined): boolean =>
  (STAFF_ROLES as readonly (string | null | undefined)[]).includes(user?.role);

/** A stored role string as a Role: anything unknown is a customer. */
export const toRole = (value: string | null | undefined): Role =>
  (STAFF_ROLES as readonly (string | null | undefined)[]).includes(value)
    ? (value as StaffRole)
    : "customer";
