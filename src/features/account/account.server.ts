/**
 * Accounts on the server: the user record and its saved addresses as the API and the pages see them
 * (docs/product.md §3 User, Address). The HTTP handlers are in account.api.ts, the admin grant in
 * admin-grant.server.ts.
 */
import { and, asc, eq } from "drizzle-orm";
import { firstWord, ownerUid } from "~/server/auth/auth.server";
import type { Identity } from "~/server/auth/firebase-admin.server";
import type { DbOrTx } from "~/server/db/client";
import { addresses, users } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import { toRole } from "~/lib/roles";
import {
  ADDRESS_TYPES,
  GENDERS,
  type Address,
  type Gender,
  type SessionUser,
  type User,
} from "./account";

type UserRow = typeof users.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;

/** An address row (read whole, or its columns by their field names) as the API shows it. */
export function toAddress(row: Omit<AddressRow, "userId" | "createdAt">): Address {
  return {
    id: row.id,
    type: (ADDRESS_TYPES as readonly string[]).includes(row.type)
      ? (row.type as Address["type"])
      : "Other",
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
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, uid))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
  return toApiUser(row, rows);
}

/** One saved address of the user, or null when they have none with this id (someone else's too). */
export async function loadSavedAddress(
  db: DbOrTx,
  uid: string,
  id: string,
): Promise<Address | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, uid), eq(addresses.id, id)));
  return row ? toAddress(row) : null;
}

/**
 * A user record that stands for people without an account (orders paid from a quote's link belong
 * to one, decision 0047); made on first use, never signed in to.
 */
export async function ensurePlaceholderUser(
  db: DbOrTx,
  user: { id: string; email: string; firstName: string; lastName: string },
): Promise<void> {
  await db.insert(users).values(user).onConflictDoNothing();
}

export async function mustLoad(db: DbOrTx, uid: string): Promise<User> {
  const user = await loadUser(db, uid);
  if (!user) throw new HttpError(404, "Your account record was not found. Please log in again.");
  return user;
}

/** What the middleware puts on Astro.locals.user (no write: a page load never creates a record). */
export async function sessionUserFor(db: DbOrTx, identity: Identity): Promise<SessionUser> {
  const [row] = await db
    .select({ firstName: users.firstName, role: users.role })
    .from(users)
    .where(eq(users.id, identity.uid));
  return {
    uid: identity.uid,
    firstName: row?.firstName || firstWord(identity.name) || identity.email.split("@")[0] || "",
    email: identity.email,
    role: toRole(row?.role),
    isOwner: identity.uid === ownerUid(),
    emailVerified: identity.emailVerified,
  };
}

// ---------------------------------------------------------------------------------------------
// Authentication records
