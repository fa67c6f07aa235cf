/**
 * Granting and taking the admin role (`npm run admin:grant`, ADMIN_EMAILS at start). The role is
 * granted only to a record whose email Firebase reports as verified.
 */
import { eq, sql } from "drizzle-orm";
import {
  AuthUnavailableError,
  firebaseEmailStatus,
  type FirebaseEmailStatus,
} from "~/server/auth/firebase-admin.server";
import type { DbOrTx } from "~/server/db/client";
import { users } from "~/server/db/schema";
import { ADMIN_ROLE, isAdmin } from "~/lib/roles";

/** Firebase's answer about a record's email; firebaseEmailStatus in production, a stand-in in tests. */
export type EmailCheck = (uid: string, email: string) => Promise<FirebaseEmailStatus>;

export type GrantOutcome =
  /** The record now has tm_admin (`already`: it had it; Firebase was not asked). */
  | { status: "granted"; uid: string; already: boolean }
  /** Nobody with this email has logged in to this shop yet. */
  | { status: "no-record" }
  /** Firebase does not confirm that the account behind the record holds and verified this address. */
  | { status: "refused"; uid: string; reason: Exclude<FirebaseEmailStatus, "verified"> }
  /** Firebase could not be asked; nothing was changed. */
  | { status: "unavailable"; uid: string; message: string };

/** Why a grant was refused, in words for the operator. */
export const REFUSAL_REASONS: Record<Exclude<FirebaseEmailStatus, "verified">, string> = {
  unverified:
    "the address is not verified with Firebase (they must open the link in the verification email, or sign in with Google)",
  "other-email": "the Firebase account behind this record now has another address",
  disabled: "the Firebase account is disabled",
  "no-account": "the Firebase account behind this record no longer exists",
};

async function recordByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/**
 * Grants the admin role to the record holding `email`, but only when Firebase confirms that the
 * account behind the record (its uid) holds this address AND has verified it. The email in our
 * database is whatever a sign-in token said, and Firebase lets anyone sign up with any address
 * without verifying it: matching on it alone would let a stranger claim an ADMIN_EMAILS address.
 */
export async function grantAdminByEmail(
  db: DbOrTx,
  email: string,
  check: EmailCheck = firebaseEmailStatus,
): Promise<GrantOutcome> {
  const row = await recordByEmail(db, email);
  if (!row) return { status: "no-record" };
  if (isAdmin(row)) return { status: "granted", uid: row.id, already: true };
  let verdict: FirebaseEmailStatus;
  try {
    verdict = await check(row.id, email);
  } catch (error) {
    if (error instanceof AuthUnavailableError)
      return { status: "unavailable", uid: row.id, message: error.message };
    throw error;
  }
  if (verdict !== "verified") return { status: "refused", uid: row.id, reason: verdict };
  await db
    .update(users)
    .set({ role: ADMIN_ROLE, updatedAt: new Date() })
    .where(eq(users.id, row.id));
  return { status: "granted", uid: row.id, already: false };
}

/** Takes the admin role from the record holding `email`. Answers its uid, or null when nobody has that email. */
export async function revokeAdminByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const rows = await db
    .update(users)
    .set({ role: "customer", updatedAt: new Date() })
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .returning({ id: users.id });
  return rows[0]?.id ?? null;
}

export interface AdminEmailsReport {
  granted: string[];
  /** No record yet: granted at their first login with a verified email. */
  pending: string[];
  /** A record exists but Firebase does not confirm the address (see REFUSAL_REASONS). */
  refused: { email: string; reason: Exclude<FirebaseEmailStatus, "verified"> }[];
  /** Firebase could not be asked: left for their next login with a verified email. */
  unavailable: string[];
}

/**
 * ADMIN_EMAILS at start: grants the role to each existing record whose address Firebase confirms
 * as verified (grantAdminByEmail); the others get it at their first login with a verified email
 * (ensureUserRow).
 */
export async function applyAdminEmails(
  db: DbOrTx,
  emails: readonly string[],
  check: EmailCheck = firebaseEmailStatus,
): Promise<AdminEmailsReport> {
  const report: AdminEmailsReport = { granted: [], pending: [], refused: [], unavailable: [] };
  for (const email of emails) {
    const outcome = await grantAdminByEmail(db, email, check);
    if (outcome.status === "granted") report.granted.push(email);
    else if (outcome.status === "no-record") report.pending.push(email);
    else if (outcome.status === "refused") report.refused.push({ email, reason: outcome.reason });
    else report.unavailable.push(email);
  }
  return report;
}
