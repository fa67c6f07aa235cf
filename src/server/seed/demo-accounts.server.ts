/**
 * The demo accounts (owner with role tm_admin, and a shopper), made sure of at every start in
 * demo mode: the Auth Emulator may have lost accounts (it only keeps what it exported on a clean
 * exit), so each account is created or repaired there with its FIXED uid, email, password and a
 * verified email, and its `users` row is created or given back its email and role.
 * Idempotent; answers the banner lines with the emails and passwords.
 */
import { eq, sql } from "drizzle-orm";
import type { Auth } from "firebase-admin/auth";
import { DEMO_ACCOUNTS, type DemoAccount } from "~/server/auth/demo";
import { adminAuth, emulatorHost } from "~/server/auth/firebase-admin.server";
import type { DbOrTx } from "~/server/db/client";
import { users } from "~/server/db/schema";

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" ? code : "";
}

/** Frees the demo email when another emulator account took it (demo data only). */
async function freeEmail(auth: Auth, account: DemoAccount): Promise<void> {
  try {
    const other = await auth.getUserByEmail(account.email);
    if (other.uid !== account.uid) await auth.deleteUser(other.uid);
  } catch (error) {
    if (codeOf(error) !== "auth/user-not-found") throw error;
  }
}

async function ensureInEmulator(auth: Auth, account: DemoAccount): Promise<void> {
  const profile = {
    email: account.email,
    password: account.password,
    emailVerified: true,
    displayName: `${account.firstName} ${account.lastName}`,
    disabled: false,
  };
  await freeEmail(auth, account);
  try {
    await auth.getUser(account.uid);
    await auth.updateUser(account.uid, profile);
  } catch (error) {
    if (codeOf(error) !== "auth/user-not-found") throw error;
    await auth.createUser({ uid: account.uid, ...profile });
  }
}

async function ensureInDatabase(db: DbOrTx, account: DemoAccount): Promise<void> {
  // Another record holding the demo email (made while the emulator had lost the account) would
  // block the unique email index: it gets a placeholder address so the demo account can keep its own.
  await db
    .update(users)
    .set({ email: sql`${users.id} || '@stale.invalid'` })
    .where(sql`lower(${users.email}) = ${account.email} and ${users.id} <> ${account.uid}`);
  await db
    .insert(users)
    .values({
      id: account.uid,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      displayName: `${account.firstName} ${account.lastName}`,
      phone: account.phone,
      dateOfBirth: account.dateOfBirth,
      gender: account.gender,
      role: account.role,
    })
    // An existing record keeps its profile; the owner gets the admin role back, nobody loses one.
    .onConflictDoUpdate({
      target: users.id,
      set: {
        email: account.email,
        ...(account.role === "tm_admin" ? { role: "tm_admin" as const } : {}),
        updatedAt: new Date(),
      },
    });
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, account.uid));
  if (account.role === "tm_admin" && row?.role !== "tm_admin")
    throw new Error(`demo account ${account.email}: admin role not stored`);
}

/** The emulator half only: after the Auth Emulator was restarted (src/server/cli/emulator-watch.ts). */
export async function ensureDemoAccountsInEmulator(): Promise<void> {
  if (!emulatorHost()) return;
  const auth = adminAuth();
  for (const account of DEMO_ACCOUNTS) await ensureInEmulator(auth, account);
}

/** Creates or repairs the demo accounts; [] outside demo mode (no emulator). */
export async function ensureDemoAccounts(db: DbOrTx): Promise<string[]> {
  if (!emulatorHost()) return [];
  const auth = adminAuth();
  for (const account of DEMO_ACCOUNTS) {
    await ensureInEmulator(auth, account);
    await ensureInDatabase(db, account);
  }
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  return [
    "  Demo accounts (local Auth Emulator only):",
    ...DEMO_ACCOUNTS.map(
      (a) =>
        `    ${(a.role === "tm_admin" ? "Owner (admin)" : "Shopper").padEnd(14)} ${a.email.padEnd(width)}  password: ${a.password}`,
    ),
  ];
}
