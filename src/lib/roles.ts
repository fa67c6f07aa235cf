/** Roles of docs/product.md §3/§6: the one definition of who is an administrator (role value `tm_admin`). */
export type Role = "customer" | "tm_admin";
export const ADMIN_ROLE: Role = "tm_admin";

/** Whether a user (a session, a token's user, a database row) is an administrator. */
export const isAdmin = (user: { role?: string | null } | null | undefined): boolean =>
  user?.role === ADMIN_ROLE;

/** A stored role string as a Role: anything but the admin value is a customer. */
export const toRole = (value: string | null | undefined): Role =>
  value === ADMIN_ROLE ? ADMIN_ROLE : "customer";
