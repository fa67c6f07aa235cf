/**
 * Roles of an account, shared by the server's auth plumbing and the account feature (one definition,
 * no feature import from src/server/auth). 'tm_admin' marks an administrator (SPEC §3).
 */
export type Role = "customer" | "tm_admin";
export const ADMIN_ROLE: Role = "tm_admin";

/** The one admin check: true when the user's role is tm_admin. */
export const isAdmin = (user: { role?: string } | null | undefined): boolean => user?.role === ADMIN_ROLE;

/** Any stored role value as a Role: anything but tm_admin is a customer. */
export const toRole = (role: string | null | undefined): Role => (role === ADMIN_ROLE ? ADMIN_ROLE : "customer");
