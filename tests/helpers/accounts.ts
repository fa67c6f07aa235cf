/**
 * Shared steps of the accounts suites: their setup (describeAccounts), the route modules, every
 * endpoint with a valid body, a snapshot of the tables they write, a port nobody listens on, and
 * swapping firebase-admin's app.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { App as FirebaseApp } from "firebase-admin/app";
import { eq } from "drizzle-orm";
import { schema } from "~/server/db/client";
import type { Db } from "~/server/db/client";
import { beforeEach, describe } from "vitest";
import {
  clearVerifyCache,
  currentFirebaseAppForTests,
  setFirebaseAppForTests,
} from "~/server/auth/firebase-admin.server";
import type { TestAccount, TestAuth } from "./auth";
import { dbKinds, type TestDb } from "./db";
import { call } from "./call";
import { ADDRESS, PROFILE } from "./fixtures";
import { useTestAuth } from "./portal";
import { useTestDb } from "./suite-db";

export const register = await import("~/pages/v2/auth/register");
export const login = await import("~/pages/v2/auth/login");
export const googleRegister = await import("~/pages/v2/auth-google/register");
export const profile = await import("~/pages/v2/users/profile");
export const profileAddress = await import("~/pages/v2/users/profile-address");
export const config = await import("~/pages/v2/auth/config");

/** Swaps firebase-admin's app without deleting the previous one; answers the previous. */
export async function swapApp(next: FirebaseApp | undefined): Promise<FirebaseApp | undefined> {
  const previous = currentFirebaseAppForTests();
  await setFirebaseAppForTests(next, { keepPrevious: true });
  return previous;
}

/** A local port nobody listens on (connections to it are refused at once). */
export async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Every table these endpoints can write, to prove a refused call wrote nothing. */
export async function snapshot(db: Db) {
  const users = await db.select().from(schema.users).orderBy(schema.users.id);
  const addresses = await db
    .select()
    .from(schema.addresses)
    .orderBy(schema.addresses.userId, schema.addresses.id);
  return JSON.stringify({ users, addresses });
}

export interface Endpoint {
  name: string;
  send: (token: string | undefined, headers?: Record<string, string>) => ReturnType<typeof call>;
}

/** Every account endpoint (docs/product.md §7) with a valid body; address calls target address id `a1`. */
export function endpoints(): Endpoint[] {
  const opts = (token: string | undefined, headers?: Record<string, string>) => ({
    ...(token ? { token } : {}),
    ...(headers ? { headers } : {}),
  });
  return [
    {
      name: "POST /v2/auth/register",
      send: (t, h) =>
        call(register.POST, "/v2/auth/register", {
          method: "POST",
          body: { ...PROFILE, email: "ignored@example.com" },
          ...opts(t, h),
        }),
    },
    {
      name: "POST /v2/auth/login",
      send: (t, h) =>
        call(login.POST, "/v2/auth/login", { method: "POST", body: {}, ...opts(t, h) }),
    },
    {
      name: "POST /v2/auth-google/register",
      send: (t, h) =>
        call(googleRegister.POST, "/v2/auth-google/register", {
          method: "POST",
          body: { email: "x@example.com", firstName: "Gina" },
          ...opts(t, h),
        }),
    },
    {
      name: "PUT /v2/users/profile",
      send: (t, h) =>
        call(profile.PUT, "/v2/users/profile", { method: "PUT", body: PROFILE, ...opts(t, h) }),
    },
    {
      name: "POST /v2/users/profile-address",
      send: (t, h) =>
        call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a1" },
          ...opts(t, h),
        }),
    },
    {
      name: "PUT /v2/users/profile-address",
      send: (t, h) =>
        call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", {
          method: "PUT",
          body: { ...ADDRESS, city: "Udaipur" },
          ...opts(t, h),
        }),
    },
    {
      name: "DELETE /v2/users/profile-address",
      send: (t, h) =>
        call(profileAddress.DELETE, "/v2/users/profile-address?address_id=a1", {
          method: "DELETE",
          ...opts(t, h),
        }),
    },
  ];
}

/** POST /v2/auth/register (the profile unless told) as the account whose token this is. */
export const registerAs = (token: string, body: unknown = PROFILE) =>
  call(register.POST, "/v2/auth/register", { method: "POST", body, token });

/** POST /v2/users/profile-address: one address for the account whose token this is. */
export const addAddress = (token: string, body: unknown) =>
  call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body, token });

export interface AccountsFixture {
  auth: TestAuth;
  t: TestDb;
  alice: TestAccount;
  bob: TestAccount;
}

/**
 * The current test's accounts, as live bindings (read them after import; describeAccounts sets
 * them before each test): the file's Auth Emulator, the database and two new accounts.
 */
export let auth: TestAuth;
export let t: TestDb;
export let alice: TestAccount;
export let bob: TestAccount;

/** The role on the users row of this uid in the current test's database (undefined: no row). */
export const roleOf = async (uid: string) =>
  (
    await t.db
      .select({ role: schema.users.role })
      .from(schema.users)
      .where(eq(schema.users.id, uid))
  )[0]?.role;

/**
 * The accounts suites' setup, written once: a private Auth Emulator for the file on `port`, then
 * for each database kind a fresh database whose users and addresses are emptied before every test,
 * and two new accounts, set into `auth`, `t`, `alice` and `bob` above before each test:
 *
 *   import { alice, describeAccounts, t } from "./helpers/accounts";
 *   describeAccounts("accounts API", EMULATOR_PORTS.accounts, () => { ...tests });
 */
export function describeAccounts(title: string, port: number, body: () => void): void {
  const emulator = useTestAuth(port);
  describe.each(dbKinds)(`${title} on %s`, (kind) => {
    const db = useTestDb(kind);
    beforeEach(async () => {
      await db.db.delete(schema.addresses);
      await db.db.delete(schema.users);
      clearVerifyCache();
      const fixture: AccountsFixture = {
        auth: emulator(),
        t: db,
        alice: await emulator().createUser(),
        bob: await emulator().createUser(),
      };
      ({ auth, t, alice, bob } = fixture);
    });
    body();
  });
}
