/**
 * Who is calling. API calls carry `Authorization: Bearer <Firebase ID token>`; the token is
 * verified by firebase-admin (firebase-admin.server.ts) and the role is read from the database
 * (`users.role`, 'tm_admin' marks an administrator). The uid and email always come from the
 * verified token, never from a request body.
 *
 *   getAuthUser   null without a token; 401 for a malformed, forged, expired or revoked one
 *   requireUser   401 without a valid token; makes sure the caller has a `users` row
 *   requireAdmin  403 unless the caller's row names a team role (owner tm_admin, studio,
 *                 accountant) that the permission table (src/lib/permissions.ts) lets call this
 *                 method and address; read on every request, so a removed member is refused at once
 *                 (docs/decisions/0253-team-roles.md)
 */
import type { APIContext } from "astro";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/server/db/client";
import { users } from "~/server/db/schema";
import { env } from "~/server/env";
import { HttpError } from "~/server/http";
import { DEMO_OWNER } from "./demo";
import { relinkByVerifiedEmail } from "./relink.server";
import {
  AuthUnavailableError,
  InvalidTokenError,
  verifyIdToken,
  type Identity,
} from "./firebase-admin.server";

import { ADMIN_ROLE, isAdmin, isStaff, ROLE_LABELS, toRole, type Role } from "~/lib/roles";
import { mayCall, permissionKey } from "~/lib/permissions";

export type { Role };

export interface AuthUser {
  uid: string;
  email: string;
  role: Role;
  /** From the token: whether the email address was verified with Firebase. */
  emailVerified: boolean;
}

export type { Identity };

/** The bearer token of a request: undefined when absent; 401 when the header is not "Bearer <token>". */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  if (header === null) return undefined;
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  if (!match)
    throw new HttpError(401, "Send the sign-in token as 'Authorization: Bearer <token>'.");
  return match[1];
}

/** Verifies a token and maps failures to HTTP: 401 for a bad token, 503 when Firebase cannot be asked. */
export async function identityFromToken(token: string): Promise<Identity> {
  try {
    return await verifyIdToken(token);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new HttpError(401, error.message);
    if (error instanceof AuthUnavailableError) throw new HttpError(503, error.message);
    throw error;
  }
}

/** The verified identity of the caller, or null without a token (no database access). */
export async function getIdentity(context: Pick<APIContext, "request">): Promise<Identity | null> {
  const token = bearerToken(context.request);
  if (token === undefined) return null;
  return identityFromToken(token);
}

export async function requireIdentity(context: Pick<APIContext, "request">): Promise<Identity> {
  const identity = await getIdentity(context);
  if (!identity) throw new HttpError(401, "Please log in to continue.");
  return identity;
}

/** Whether ADMIN_EMAILS names this identity (its email must be verified with Firebase). */
export function isListedAdmin(identity: Pick<Identity, "email" | "emailVerified">): boolean {
  return (
    identity.emailVerified &&
    identity.email !== "" &&
    env().ADMIN_EMAILS.includes(identity.email.toLowerCase())
  );
}

/** The first word of a display name, for records made from a Google account. */
export function firstWord(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/**
 * Makes sure the verified caller has a `users` row (created with what the token says) and
 * answers it. A row whose email belongs to another uid (an identity-provider account deleted or
 * lost and made again) moves to the caller when their email is verified and the old account is
 * gone from Firebase (relink.server.ts, decision 0171); otherwise it is a 409.
 */
export async function ensureUserRow(
  db: DbOrTx,
  identity: Identity,
  names: { firstName?: string; lastName?: string } = {},
) {
  const [existing] = await db.select().from(users).where(eq(users.id, identity.uid));
  if (existing) {
    if (isListedAdmin(identity) && !isAdmin(existing)) {
      const [updated] = await db
        .update(users)
        .set({ role: ADMIN_ROLE, updatedAt: new Date() })
        .where(eq(users.id, identity.uid))
        .returning();
      return { row: updated ?? existing, created: false };
    }
    return { row: existing, created: false };
  }
  if (!identity.email)
    throw new HttpError(400, "This sign-in has no email address; use an email or Google account.");
  const nameParts = identity.name.trim().split(/\s+/).filter(Boolean);
  const firstName = (names.firstName || nameParts[0] || "").slice(0, 50);
  const lastName = (names.lastName ?? nameParts.slice(1).join(" ")).slice(0, 50);
  const inserted = await db
    .insert(users)
    .values({
      id: identity.uid,
      email: identity.email,
      firstName,
      lastName,
      displayName: [firstName, lastName].filter(Boolean).join(" "),
      role: isListedAdmin(identity) ? ADMIN_ROLE : "customer",
    })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const [again] = await db.select().from(users).where(eq(users.id, identity.uid));
  if (again) return { row: again, created: false };
  const relinked = await relinkByVerifiedEmail(db, identity);
  if (relinked) return { row: relinked, created: false };
  throw new HttpError(
    409,
    "This email address already belongs to another account in this shop. Please contact support.",
  );
}

/**
 * What this request's rate limiter already read for its caller: the verified identity, and the
 * role, read by the limiter's own statement (docs/decisions/0313-role-and-limit-in-one-statement.md;
 * null: no users row). Taken once, by the getAuthUser of the same request.
 */
const readByLimiter = new WeakMap<Request, { identity: Identity; role: string | null }>();

/** Keeps the caller's identity and role, read with the request's limit, for its getAuthUser. */
export function keepCallerRead(request: Request, identity: Identity, role: string | null): void {
  readByLimiter.set(request, { identity, role });
}

/** The verified caller, or null when the request carries no token. A bad token throws 401. */
export async function getAuthUser(context: Pick<APIContext, "request">): Promise<AuthUser | null> {
  const ahead = readByLimiter.get(context.request);
  if (ahead) readByLimiter.delete(context.request);
  const identity = ahead?.identity ?? (await getIdentity(context));
  if (!identity) return null;
  const db = await getDb();
  // Every request reads the role afresh (a role change or a ban applies at once): here, or in the
  // statement that counted this request's limit (decision 0313); only the role column, not the
  // whole row (decision 0150). A missing row, or a listed administrator whose row does not say so
  // yet, goes through ensureUserRow.
  const [known] = ahead
    ? ahead.role === null
      ? []
      : [{ role: ahead.role }]
    : await db.select({ role: users.role }).from(users).where(eq(users.id, identity.uid));
  const row =
    known && (isAdmin(known) || !isListedAdmin(identity))
      ? known
      : (await ensureUserRow(db, identity)).row;
  return {
    uid: identity.uid,
    email: identity.email,
    role: toRole(row.role),
    emailVerified: identity.emailVerified,
  };
}

/**
 * The verified caller for a public read, or null without a token: like getAuthUser but it never
 * writes (no user record is made or changed just by reading the catalogue with a token).
 */
export async function peekAuthUser(context: Pick<APIContext, "request">): Promise<AuthUser | null> {
  const identity = await getIdentity(context);
  if (!identity) return null;
  const db = await getDb();
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, identity.uid));
  return {
    uid: identity.uid,
    email: identity.email,
    role: isListedAdmin(identity) ? ADMIN_ROLE : toRole(row?.role),
    emailVerified: identity.emailVerified,
  };
}

export async function requireUser(context: Pick<APIContext, "request">): Promise<AuthUser> {
  const user = await getAuthUser(context);
  if (!user) throw new HttpError(401, "Please log in to continue.");
  return user;
}

/**
 * The caller, when their role may call this request's route (the permission table, keyed by the
 * request's method and address): the owner always, a studio or accountant member where the table
 * names their role; 403 for anyone else.
 */
export async function requireAdmin(context: Pick<APIContext, "request">): Promise<AuthUser> {
  const user = await requireUser(context);
  if (!isStaff(user)) throw new HttpError(403, "Only the shop's administrators can do this.");
  if (isAdmin(user)) return user;
  const { method, url } = context.request;
  if (!mayCall(user.role, permissionKey(method, new URL(url).pathname)))
    throw new HttpError(
      403,
      `Your role (${ROLE_LABELS[user.role as keyof typeof ROLE_LABELS]}) cannot do this; ask the shop's owner.`,
    );
  return user;
}

/** OWNER_UID, or the demo owner's fixed uid in demo mode: the one account that sees the portal link. */
export function ownerUid(): string | undefined {
  const e = env();
  if (e.OWNER_UID) return e.OWNER_UID;
  return e.DEMO_MODE ? DEMO_OWNER.uid : undefined;
}
