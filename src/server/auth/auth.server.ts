/**
 * Who is calling: verifies the bearer token (Firebase ID token) and loads the user's row.
 * STUB until the accounts issue lands: every caller is anonymous.
 */
import type { APIContext } from "astro";
import { HttpError } from "../http";

export type Role = "customer" | "tm_admin";

export interface AuthUser {
  uid: string;
  email: string;
  role: Role;
}

/** The verified caller, or null when the request carries no token. A bad token throws 401. */
export async function getAuthUser(_context: Pick<APIContext, "request">): Promise<AuthUser | null> {
  return null;
}

export async function requireUser(context: Pick<APIContext, "request">): Promise<AuthUser> {
  const user = await getAuthUser(context);
  if (!user) throw new HttpError(401, "Please log in to continue.");
  return user;
}

export async function requireAdmin(context: Pick<APIContext, "request">): Promise<AuthUser> {
  const user = await requireUser(context);
  if (user.role !== "tm_admin") throw new HttpError(403, "Only the shop's administrators can do this.");
  return user;
}
