/**
 * Accounts on the server (SPEC §7 Authentication and profile): the user record, the profile and
 * the saved addresses. Every handler first verifies the bearer token (401), then parses the body
 * and query with zod (400, nothing written), then writes inside one transaction and answers the
 * updated user. The uid and email always come from the verified token.
 */
import type { APIContext } from "astro";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { ensureUserRow, firstWord, ownerUid, requireIdentity } from "../../server/auth/auth.server";
import { AuthUnavailableError, firebaseEmailStatus, type FirebaseEmailStatus, type Identity } from "../../server/auth/firebase-admin.server";
import { getDb, type DbOrTx } from "../../server/db/client";
import { addresses, users } from "../../server/db/schema";
import { HttpError, json, readJson, readQuery } from "../../server/http";
import { ADMIN_ROLE, isAdmin, toRole } from "../../lib/roles";
import { ADDRESS_TYPES, GENDERS, LIMITS, type Address, type Gender, type SessionUser, type User } from "./account";
import {
  addressFieldsSchema,
  addressQuerySchema,
  googleRegisterSchema,
  newAddressSchema,
  profileSchema,
  registerSchema,
  type AddressInput,
} from "./account.schema";

type UserRow = typeof users.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    type: (ADDRESS_TYPES as readonly string[]).includes(row.type) ? (row.type as Address["type"]) : "Other",
    fName: row.fName,
    lName: row.lName,
    phone: row.phone,
    email: row.email,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    isDefault: row.isDefault,
  };
}

export function toApiUser(row: UserRow, rows: AddressRow[]): User {
  return {
    uid: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: row.displayName || [row.firstName, row.lastName].filter(Boolean).join(" "),
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth,
    gender: (GENDERS as readonly string[]).includes(row.gender) ? (row.gender as Gender) : "",
    role: toRole(row.role),
    addresses: rows.map(toAddress),
    cartId: row.cartId,
  };
}

/** The user with their saved addresses (oldest first), or null when there is no record. */
export async function loadUser(db: DbOrTx, uid: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, uid));
  if (!row) return null;
  const rows = await db.select().from(addresses).where(eq(addresses.userId, uid)).orderBy(asc(addresses.createdAt), asc(addresses.id));
  return toApiUser(row, rows);
}

async function mustLoad(db: DbOrTx, uid: string): Promise<User> {
  const user = await loadUser(db, uid);
  if (!user) throw new HttpError(404, "Your account record was not found. Please log in again.");
  return user;
}

/** What the middleware puts on Astro.locals.user (no write: a page load never creates a record). */
export async function sessionUserFor(db: DbOrTx, identity: Identity): Promise<SessionUser> {
  const [row] = await db.select({ firstName: users.firstName, role: users.role }).from(users).where(eq(users.id, identity.uid));
  return {
    uid: identity.uid,
    firstName: row?.firstName || firstWord(identity.name) || identity.email.split("@")[0] || "",
    email: identity.email,
    role: toRole(row?.role),
    isOwner: identity.uid === ownerUid(),
  };
}

// ---------------------------------------------------------------------------------------------
// Authentication records

/** POST /v2/auth/register: creates (or completes) the record after an email sign-up. */
export async function postRegister(context: APIContext): Promise<Response> {
  const identity = await requireIdentity(context);
  const body = await readJson(context.request, registerSchema);
  const db = await getDb();
  const { user, created } = await db.transaction(async (tx) => {
    const { created } = await ensureUserRow(tx, identity, body);
    await tx
      .update(users)
      .set({
        firstName: body.firstName,
        lastName: body.lastName,
        displayName: `${body.firstName} ${body.lastName}`,
        phone: body.phone,
        dateOfBirth: body.dateOfBirth,
        gender: body.gender,
        updatedAt: new Date(),
      })
      .where(eq(users.id, identity.uid));
    return { user: await mustLoad(tx, identity.uid), created };
  });
  return json(user, { status: created ? 201 : 200 });
}

/** POST /v2/auth/login: the caller's record, created on first login when missing. Body ignored. */
export async function postLogin(context: APIContext): Promise<Response> {
  const identity = await requireIdentity(context);
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    await ensureUserRow(tx, identity);
    return mustLoad(tx, identity.uid);
  });
  return json(user);
}

/** POST /v2/auth-google/register: the record of a new Google account (first name from the body or Google). */
export async function postGoogleRegister(context: APIContext): Promise<Response> {
  const identity = await requireIdentity(context);
  const body = await readJson(context.request, googleRegisterSchema);
  const db = await getDb();
  const { user, created } = await db.transaction(async (tx) => {
    const firstName = body.firstName || firstWord(identity.name);
    const { row, created } = await ensureUserRow(tx, identity, { firstName });
    if (!created && !row.firstName && firstName) {
      await tx.update(users).set({ firstName, updatedAt: new Date() }).where(eq(users.id, identity.uid));
    }
    return { user: await mustLoad(tx, identity.uid), created };
  });
  return json(user, { status: created ? 201 : 200 });
}

// ---------------------------------------------------------------------------------------------
// Profile and addresses

/** PUT /v2/users/profile: firstName, lastName, phone, gender, dateOfBirth (email is not editable). */
export async function putProfile(context: APIContext): Promise<Response> {
  const identity = await requireIdentity(context);
  const body = await readJson(context.request, profileSchema);
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    await ensureUserRow(tx, identity);
    await tx
      .update(users)
      .set({ ...body, displayName: `${body.firstName} ${body.lastName}`, updatedAt: new Date() })
      .where(eq(users.id, identity.uid));
    return mustLoad(tx, identity.uid);
  });
  return json(user);
}

function addressValues(input: AddressInput, email: string) {
  return {
    type: input.type,
    fName: input.fName,
    lName: input.lName,
    phone: input.phone,
    email,
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    country: input.country,
    isDefault: input.isDefault,
  };
}

/** Only one default address: when `id` becomes the default, the others stop being it. */
async function keepOneDefault(tx: DbOrTx, uid: string, id: string): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, uid), ne(addresses.id, id), eq(addresses.isDefault, true)));
}

/** POST /v2/users/profile-address: saves a new address under the id the client generated. */
export async function postAddress(context: APIContext): Promise<Response> {
  const identity = await requireIdentity(context);
  const body = await readJson(context.request, newAddressSchema);
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    await ensureUserRow(tx, identity);
    // Lock the user's row so two saves at once cannot both pass the count below.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${identity.uid} for update`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, identity.uid));
    if (n >= LIMITS.addresses) throw new HttpError(400, `You can keep at most ${LIMITS.addresses} saved addresses. Delete one first.`);
    const inserted = await tx
      .insert(addresses)
      .values({ userId: identity.uid, id: body.id, ...addressValues(body, identity.email) })
      .onConflictDoNothing()
      .returning({ id: addresses.id });
    if (inserted.length === 0) throw new HttpError(409, "An address with this id already exists. Edit it instead.");
    if (body.isDefault) await keepOneDefault(tx, identity.uid, body.id);
    return mustLoad(tx, identity.uid);
  });
  return json(user, { status: 201 });
}

/** PUT /v2/users/profile-address?address_id={id}: replaces one of the caller's addresses. */
export async function putAddress(context: APIContext): Promise<Response> {
  const identity = await requireIdentity(context);
  const { address_id: id } = readQuery(context.url, addressQuerySchema);
  const body = await readJson(context.request, addressFieldsSchema);
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    const updated = await tx
      .update(addresses)
      .set(addressValues(body, identity.email))
      .where(and(eq(addresses.userId, identity.uid), eq(addresses.id, id)))
      .returning({ id: addresses.id });
    if (updated.length === 0) throw new HttpError(404, "Address not found.");
    if (body.isDefault) await keepOneDefault(tx, identity.uid, id);
    return mustLoad(tx, identity.uid);
  });
  return json(user);
}

/** DELETE /v2/users/profile-address?address_id={id}: removes one of the caller's addresses. */
export async function deleteAddress(context: APIContext): Promise<Response> {
  const identity = await requireIdentity(context);
  const { address_id: id } = readQuery(context.url, addressQuerySchema);
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(addresses)
      .where(and(eq(addresses.userId, identity.uid), eq(addresses.id, id)))
      .returning({ id: addresses.id });
    if (removed.length === 0) throw new HttpError(404, "Address not found.");
    return mustLoad(tx, identity.uid);
  });
  return json(user);
}

// ---------------------------------------------------------------------------------------------
// Roles

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
  unverified: "the address is not verified with Firebase (they must open the link in the verification email, or sign in with Google)",
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
export async function grantAdminByEmail(db: DbOrTx, email: string, check: EmailCheck = firebaseEmailStatus): Promise<GrantOutcome> {
  const row = await recordByEmail(db, email);
  if (!row) return { status: "no-record" };
  if (isAdmin(row)) return { status: "granted", uid: row.id, already: true };
  let verdict: FirebaseEmailStatus;
  try {
    verdict = await check(row.id, email);
  } catch (error) {
    if (error instanceof AuthUnavailableError) return { status: "unavailable", uid: row.id, message: error.message };
    throw error;
  }
  if (verdict !== "verified") return { status: "refused", uid: row.id, reason: verdict };
  await db.update(users).set({ role: ADMIN_ROLE, updatedAt: new Date() }).where(eq(users.id, row.id));
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
export async function applyAdminEmails(db: DbOrTx, emails: readonly string[], check: EmailCheck = firebaseEmailStatus): Promise<AdminEmailsReport> {
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
