/**
 * Accounts API (SPEC §7 Authentication and profile) against a real Firebase Auth Emulator and a
 * fresh database: the authorisation matrix of every endpoint (no token, malformed, forged,
 * expired, revoked, another user's token, the right user, an admin), bad input that writes
 * nothing, the page middleware's guards and session cookies, and the emulator safety check.
 */
import { createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import { createServer, type Server } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { connect as netConnect, type AddressInfo, type Socket } from "node:net";
import { eq } from "drizzle-orm";
import { initializeApp, type App as FirebaseApp } from "firebase-admin/app";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { APIContext } from "astro";
import { schema } from "../src/server/db/client";
import type { Db } from "../src/server/db/client";
import { requireAdmin } from "../src/server/auth/auth.server";
import { accountMiddleware } from "../src/features/account/session-middleware.server";
import { AuthUnavailableError, assertEmulatorAllowed, clearVerifyCache, currentFirebaseAppForTests, setFirebaseAppForTests } from "../src/server/auth/firebase-admin.server";
import { applyAdminEmails } from "../src/features/account/admin-grant.server";
import { adminGrant } from "../src/server/cli/admin-grant";
import { resetEnvForTests } from "../src/server/env";
import { ensureDemoAccounts } from "../src/server/seed/demo-accounts.server";
import { DEMO_OWNER, DEMO_SHOPPER } from "../src/server/auth/demo";
import { call } from "./helpers/call";
import { ADDRESS, PROFILE } from "./helpers/fixtures";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { idTokenClaims, startTestAuth, unsignedToken, type TestAccount, type TestAuth } from "./helpers/auth";

const register = await import("../src/pages/v2/auth/register");
const login = await import("../src/pages/v2/auth/login");
const googleRegister = await import("../src/pages/v2/auth-google/register");
const profile = await import("../src/pages/v2/users/profile");
const profileAddress = await import("../src/pages/v2/users/profile-address");
const config = await import("../src/pages/v2/auth/config");

const EMULATOR_PORT = Number(process.env.TEST_EMULATOR_PORT ?? 9299);

let auth: TestAuth;

/** Swaps firebase-admin's app without deleting the previous one; answers the previous. */
async function swapApp(next: FirebaseApp | undefined): Promise<FirebaseApp | undefined> {
  const previous = currentFirebaseAppForTests();
  await setFirebaseAppForTests(next, { keepPrevious: true });
  return previous;
}

beforeAll(async () => {
  auth = await startTestAuth(EMULATOR_PORT);
}, 120_000);

afterAll(async () => {
  await auth?.stop();
});

/** A local port nobody listens on (connections to it are refused at once). */
async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Every table these endpoints can write, to prove a refused call wrote nothing. */
async function snapshot(db: Db) {
  const users = await db.select().from(schema.users).orderBy(schema.users.id);
  const addresses = await db.select().from(schema.addresses).orderBy(schema.addresses.userId, schema.addresses.id);
  return JSON.stringify({ users, addresses });
}

interface Endpoint {
  name: string;
  send: (token: string | undefined, headers?: Record<string, string>) => ReturnType<typeof call>;
}

/** Every endpoint of this issue with a valid body; address calls target address id `a1`. */
function endpoints(): Endpoint[] {
  const opts = (token: string | undefined, headers?: Record<string, string>) => ({ ...(token ? { token } : {}), ...(headers ? { headers } : {}) });
  return [
    { name: "POST /v2/auth/register", send: (t, h) => call(register.POST, "/v2/auth/register", { method: "POST", body: { ...PROFILE, email: "ignored@example.com" }, ...opts(t, h) }) },
    { name: "POST /v2/auth/login", send: (t, h) => call(login.POST, "/v2/auth/login", { method: "POST", body: {}, ...opts(t, h) }) },
    { name: "POST /v2/auth-google/register", send: (t, h) => call(googleRegister.POST, "/v2/auth-google/register", { method: "POST", body: { email: "x@example.com", firstName: "Gina" }, ...opts(t, h) }) },
    { name: "PUT /v2/users/profile", send: (t, h) => call(profile.PUT, "/v2/users/profile", { method: "PUT", body: PROFILE, ...opts(t, h) }) },
    { name: "POST /v2/users/profile-address", send: (t, h) => call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "a1" }, ...opts(t, h) }) },
    { name: "PUT /v2/users/profile-address", send: (t, h) => call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", { method: "PUT", body: { ...ADDRESS, city: "Udaipur" }, ...opts(t, h) }) },
    { name: "DELETE /v2/users/profile-address", send: (t, h) => call(profileAddress.DELETE, "/v2/users/profile-address?address_id=a1", { method: "DELETE", ...opts(t, h) }) },
  ];
}

describe.each(dbKinds)("accounts API on %s", (kind) => {
  let t: TestDb;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.delete(schema.addresses);
    await t.db.delete(schema.users);
    clearVerifyCache();
    alice = await auth.createUser();
    bob = await auth.createUser();
  });

  describe("authorisation matrix", () => {
    const badTokens: [string, () => string | undefined, Record<string, string> | undefined][] = [
      ["no token", () => undefined, undefined],
      ["a header that is not 'Bearer <token>'", () => undefined, { authorization: "Basic YWxpY2U6c2VjcmV0" }],
      ["a malformed token", () => "not-a-jwt", undefined],
      ["a forged signature (RS256 header, made-up signature)", () => unsignedToken(idTokenClaims(alice.uid, "demo-resin", { email: alice.email }), { alg: "RS256", kid: "made-up", typ: "JWT" }).slice(0, -1) + ".c2lnbmF0dXJl", undefined],
      ["a token for another project (audience)", () => unsignedToken(idTokenClaims(alice.uid, "someone-elses-project", { email: alice.email })), undefined],
      ["a token for another issuer", () => unsignedToken(idTokenClaims(alice.uid, "demo-resin", { email: alice.email, iss: "https://evil.example/demo-resin" })), undefined],
      ["a token for an account that does not exist", () => unsignedToken(idTokenClaims("no-such-user", "demo-resin", { email: "ghost@example.com" })), undefined],
      ["an expired token", () => unsignedToken(idTokenClaims(alice.uid, "demo-resin", { email: alice.email, iat: Math.floor(Date.now() / 1000) - 7200, auth_time: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })), undefined],
    ];

    for (const endpoint of endpoints()) {
      it.each(badTokens)(`${endpoint.name} answers 401 for %s and writes nothing`, async (_label, token, headers) => {
        const before = await snapshot(t.db);
        const res = await endpoint.send(token(), headers);
        expect(res.status).toBe(401);
        expect(res.json).toEqual({ error: expect.any(String) });
        expect(await snapshot(t.db)).toBe(before);
      });
    }

    it("refuses a revoked token and a disabled account (401)", async () => {
      const ok = await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: alice.token });
      expect(ok.status).toBe(200);
      await auth.revoke(alice.uid);
      const revoked = await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: alice.token });
      expect(revoked.status).toBe(401);
      await auth.disable(bob.uid);
      const disabled = await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: bob.token });
      expect(disabled.status).toBe(401);
    });

    it("the right user: every endpoint answers the updated user, with uid and email from the token", async () => {
      const expected: Record<string, number> = {
        "POST /v2/auth/register": 201,
        "POST /v2/auth/login": 200,
        "POST /v2/auth-google/register": 200,
        "PUT /v2/users/profile": 200,
        "POST /v2/users/profile-address": 201,
        "PUT /v2/users/profile-address": 200,
        "DELETE /v2/users/profile-address": 200,
      };
      const answers: Record<string, { status: number; json: any }> = {};
      for (const endpoint of endpoints()) {
        const res = await endpoint.send(alice.token);
        answers[endpoint.name] = res;
        expect(res.status, `${endpoint.name}: ${res.text}`).toBe(expected[endpoint.name]);
        expect(res.json.uid).toBe(alice.uid);
        expect(res.json.email).toBe(alice.email);
        expect(res.json.role).toBe("customer");
      }
      expect(answers["POST /v2/auth/register"]!.json).toMatchObject({ ...PROFILE, displayName: "Asha Verma", addresses: [] });
      expect(answers["POST /v2/users/profile-address"]!.json.addresses).toEqual([{ ...ADDRESS, id: "a1", email: alice.email }]);
      expect(answers["PUT /v2/users/profile-address"]!.json.addresses[0].city).toBe("Udaipur");
      expect(answers["DELETE /v2/users/profile-address"]!.json.addresses).toEqual([]);
      const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, alice.uid));
      expect(row?.email).toBe(alice.email);
    });

    it("another user's token cannot read, change or delete someone else's address (404)", async () => {
      await call(register.POST, "/v2/auth/register", { method: "POST", body: PROFILE, token: alice.token });
      const saved = await call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "a1" }, token: alice.token });
      expect(saved.status).toBe(201);
      const before = await snapshot(t.db);
      const put = await call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", { method: "PUT", body: { ...ADDRESS, city: "Stolen" }, token: bob.token });
      expect(put.status).toBe(404);
      const del = await call(profileAddress.DELETE, "/v2/users/profile-address?address_id=a1", { method: "DELETE", token: bob.token });
      expect(del.status).toBe(404);
      // Bob's own answers never carry Alice's data.
      const bobs = await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: bob.token });
      expect(bobs.json.uid).toBe(bob.uid);
      expect(bobs.json.addresses).toEqual([]);
      const after = JSON.parse(await snapshot(t.db)) as { addresses: unknown[]; users: { id: string }[] };
      expect(JSON.stringify({ ...JSON.parse(before), users: undefined })).toBe(JSON.stringify({ ...after, users: undefined }));
      // The same address id under another account is that account's own address.
      const own = await call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "a1", city: "Pune" }, token: bob.token });
      expect(own.status).toBe(201);
      const alices = await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: alice.token });
      expect(alices.json.addresses[0].city).toBe("Jaipur");
    });

    it("an admin gets no more than their own data from these endpoints, and passes requireAdmin", async () => {
      await call(register.POST, "/v2/auth/register", { method: "POST", body: PROFILE, token: alice.token });
      await call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "a1" }, token: alice.token });
      await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: bob.token });
      await t.db.update(schema.users).set({ role: "tm_admin" }).where(eq(schema.users.id, bob.uid));
      const put = await call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", { method: "PUT", body: ADDRESS, token: bob.token });
      expect(put.status).toBe(404);
      const me = await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: bob.token });
      expect(me.json).toMatchObject({ uid: bob.uid, role: "tm_admin" });

      const ctx = (token?: string) => ({ request: new Request("http://x/", { headers: token ? { authorization: `Bearer ${token}` } : {} }) });
      await expect(requireAdmin(ctx(bob.token))).resolves.toMatchObject({ uid: bob.uid, role: "tm_admin" });
      await expect(requireAdmin(ctx(alice.token))).rejects.toMatchObject({ status: 403 });
      await expect(requireAdmin(ctx())).rejects.toMatchObject({ status: 401 });
      await expect(requireAdmin(ctx("x.y.z"))).rejects.toMatchObject({ status: 401 });
    });

    it("a body cannot choose the uid, the email or the role", async () => {
      const res = await call(register.POST, "/v2/auth/register", {
        method: "POST",
        body: { ...PROFILE, uid: bob.uid, email: "boss@example.com", role: "tm_admin" },
        token: alice.token,
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ uid: alice.uid, email: alice.email, role: "customer" });
      const rows = await t.db.select().from(schema.users);
      expect(rows.map((r) => r.id)).toEqual([alice.uid]);
      const addr = await call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "a2", email: "boss@example.com" }, token: alice.token });
      expect(addr.json.addresses[0].email).toBe(alice.email);
    });
  });

  describe("bad input writes nothing (400 with the rule that failed)", () => {
    beforeEach(async () => {
      await call(register.POST, "/v2/auth/register", { method: "POST", body: PROFILE, token: alice.token });
      await call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "a1" }, token: alice.token });
    });

    const long = (n: number) => "x".repeat(n);
    const cases: [string, () => ReturnType<typeof call>, RegExp][] = [
      ["register without a first name", () => call(register.POST, "/v2/auth/register", { method: "POST", body: { ...PROFILE, firstName: "  " }, token: alice.token }), /firstName: First name required/],
      ["register with an unknown gender", () => call(register.POST, "/v2/auth/register", { method: "POST", body: { ...PROFILE, gender: "robot" }, token: alice.token }), /gender: Select your gender/],
      ["profile with a blank phone", () => call(profile.PUT, "/v2/users/profile", { method: "PUT", body: { ...PROFILE, phone: "" }, token: alice.token }), /phone: Phone number required/],
      ["profile with a future birth date", () => call(profile.PUT, "/v2/users/profile", { method: "PUT", body: { ...PROFILE, dateOfBirth: "2999-01-01" }, token: alice.token }), /dateOfBirth/],
      ["profile with an impossible date", () => call(profile.PUT, "/v2/users/profile", { method: "PUT", body: { ...PROFILE, dateOfBirth: "1990-02-31" }, token: alice.token }), /dateOfBirth/],
      ["profile with a 51-character last name", () => call(profile.PUT, "/v2/users/profile", { method: "PUT", body: { ...PROFILE, lastName: long(51) }, token: alice.token }), /lastName: Last name: at most 50 characters/],
      ["profile that is not JSON", () => call(profile.PUT, "/v2/users/profile", { method: "PUT", rawBody: "{nope", token: alice.token }), /not valid JSON/],
      ["profile sent as a form", () => call(profile.PUT, "/v2/users/profile", { method: "PUT", rawBody: "firstName=A", headers: { "content-type": "application/x-www-form-urlencoded" }, token: alice.token }), /JSON/],
      ["address without a city", () => call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "a2", city: " " }, token: alice.token }), /city: City required/],
      ["address without a ZIP code", () => call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "a2", zipCode: "" }, token: alice.token }), /zipCode: ZIP code required/],
      ["address with the temporary id 'new'", () => call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "new" }, token: alice.token }), /id: Address id 'new'/],
      ["address with an id that is not a short token", () => call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "../x" }, token: alice.token }), /id: Address id must be/],
      ["address without an id", () => call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: ADDRESS, token: alice.token }), /id: Address id required/],
      ["address of an unknown type", () => call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "a2", type: "Office" }, token: alice.token }), /type: Type must be Home, Work or Other/],
      ["address with a 201-character line", () => call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "a2", address1: long(201) }, token: alice.token }), /address1: Address line 1: at most 200/],
      ["address update without address_id", () => call(profileAddress.PUT, "/v2/users/profile-address", { method: "PUT", body: ADDRESS, token: alice.token }), /address_id: Address id required/],
      ["address update with a blank last name", () => call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", { method: "PUT", body: { ...ADDRESS, lName: "" }, token: alice.token }), /lName: Last name required/],
      ["address delete with a bad address_id", () => call(profileAddress.DELETE, "/v2/users/profile-address?address_id=%20", { method: "DELETE", token: alice.token }), /address_id/],
      ["google register with a 51-character first name", () => call(googleRegister.POST, "/v2/auth-google/register", { method: "POST", body: { firstName: long(51) }, token: bob.token }), /firstName/],
    ];

    it.each(cases)("%s", async (_label, send, rule) => {
      const before = await snapshot(t.db);
      const res = await send();
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(rule);
      expect(await snapshot(t.db)).toBe(before);
    });

    it("a second address with an existing id is a 409; the 21st address is refused", async () => {
      const dup = await call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "a1", city: "Other" }, token: alice.token });
      expect(dup.status).toBe(409);
      for (let i = 2; i <= 20; i++) {
        const res = await call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: `a${i}` }, token: alice.token });
        expect(res.status).toBe(201);
      }
      const before = await snapshot(t.db);
      const over = await call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "a21" }, token: alice.token });
      expect(over.status).toBe(400);
      expect(over.json.error).toMatch(/at most 20/);
      expect(await snapshot(t.db)).toBe(before);
    });

    it("only one address is the default", async () => {
      await call(profileAddress.POST, "/v2/users/profile-address", { method: "POST", body: { ...ADDRESS, id: "a2", isDefault: true }, token: alice.token });
      const res = await call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", { method: "PUT", body: { ...ADDRESS, isDefault: true }, token: alice.token });
      expect(res.json.addresses.map((a: { id: string; isDefault: boolean }) => [a.id, a.isDefault])).toEqual([
        ["a1", true],
        ["a2", false],
      ]);
    });

    it("unknown methods answer 405", async () => {
      const res = await call(profileAddress.ALL, "/v2/users/profile-address", { method: "PATCH", token: alice.token });
      expect(res.status).toBe(405);
    });
  });

  describe("records and roles", () => {
    it("login creates the record on first login, from the token's name", async () => {
      const gina = await auth.createUser(undefined, { displayName: "Gina Rao Sharma" });
      const res = await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: gina.token });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ uid: gina.uid, firstName: "Gina", lastName: "Rao Sharma", role: "customer", addresses: [] });
      expect(res.json.cartId).toEqual(expect.any(String));
    });

    it("a new Google account's record takes the first name it sends", async () => {
      const res = await call(googleRegister.POST, "/v2/auth-google/register", { method: "POST", body: { email: "ignored@example.com", firstName: "Gina" }, token: bob.token });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ uid: bob.uid, email: bob.email, firstName: "Gina" });
    });

    it("an email already held by another record is a 409, not a second account", async () => {
      await t.db.insert(schema.users).values({ id: "old-uid", email: alice.email.toUpperCase() });
      const res = await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: alice.token });
      expect(res.status).toBe(409);
    });

    it("ADMIN_EMAILS grants tm_admin at login only with a verified email", async () => {
      process.env.ADMIN_EMAILS = `someone@example.com, ${alice.email.toUpperCase()}`;
      resetEnvForTests();
      try {
        const unverified = await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: alice.token });
        expect(unverified.json.role).toBe("customer");
        const verifiedToken = await auth.verifyEmail(alice);
        const verified = await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: verifiedToken });
        expect(verified.json.role).toBe("tm_admin");
      } finally {
        delete process.env.ADMIN_EMAILS;
        resetEnvForTests();
      }
    });

    it("ADMIN_EMAILS at start grants only to records whose address Firebase says is verified", async () => {
      const role = async (uid: string) => (await t.db.select({ role: schema.users.role }).from(schema.users).where(eq(schema.users.id, uid)))[0]?.role;
      // Anyone can sign up with a listed address without owning it: the record holds it, unverified.
      await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: alice.token });
      // A record whose address is not (or no longer) the one its Firebase account has.
      await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: bob.token });
      await auth.verifyEmail(bob);
      await t.db.update(schema.users).set({ email: "boss@example.com" }).where(eq(schema.users.id, bob.uid));

      const first = await applyAdminEmails(t.db, [alice.email, "boss@example.com", "nobody@example.com"]);
      expect(first).toEqual({
        granted: [],
        pending: ["nobody@example.com"],
        refused: [
          { email: alice.email, reason: "unverified" },
          { email: "boss@example.com", reason: "other-email" },
        ],
        unavailable: [],
      });
      expect(await role(alice.uid)).toBe("customer");
      expect(await role(bob.uid)).toBe("customer");

      // Firebase cannot be asked: nothing is granted.
      const down = await applyAdminEmails(t.db, [alice.email], async () => {
        throw new AuthUnavailableError("down");
      });
      expect(down.unavailable).toEqual([alice.email]);
      expect(await role(alice.uid)).toBe("customer");

      // Once the owner of the address has verified it, the role is granted.
      await auth.verifyEmail(alice);
      const second = await applyAdminEmails(t.db, [alice.email.toUpperCase()]);
      expect(second.granted).toEqual([alice.email.toUpperCase()]);
      expect(await role(alice.uid)).toBe("tm_admin");
    });

    it("npm run admin:grant asks Firebase too; --revoke warns while ADMIN_EMAILS still lists the address", async () => {
      const role = async (uid: string) => (await t.db.select({ role: schema.users.role }).from(schema.users).where(eq(schema.users.id, uid)))[0]?.role;
      const out = { log: vi.spyOn(console, "log").mockImplementation(() => {}), warn: vi.spyOn(console, "warn").mockImplementation(() => {}), error: vi.spyOn(console, "error").mockImplementation(() => {}) };
      const said = (spy: typeof out.log) => spy.mock.calls.map((c) => c.join(" ")).join("\n");
      try {
        await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: alice.token });
        expect(await adminGrant([alice.email], { db: t.db })).toBe(1);
        expect(said(out.error)).toMatch(/NOT granted.*not verified with Firebase/);
        expect(await role(alice.uid)).toBe("customer");
        // No override for the operator: unknown options are refused.
        expect(await adminGrant(["--unverified", alice.email], { db: t.db })).toBe(2);
        expect(await role(alice.uid)).toBe("customer");
        expect(await adminGrant(["nobody@example.com"], { db: t.db })).toBe(1);

        await auth.verifyEmail(alice);
        expect(await adminGrant([alice.email], { db: t.db })).toBe(0);
        expect(await role(alice.uid)).toBe("tm_admin");
        expect(said(out.log)).toMatch(/is now an administrator/);

        process.env.ADMIN_EMAILS = alice.email;
        resetEnvForTests();
        expect(await adminGrant(["--revoke", alice.email], { db: t.db })).toBe(0);
        expect(await role(alice.uid)).toBe("customer");
        expect(said(out.warn)).toMatch(/WARNING: .* is listed in ADMIN_EMAILS[\s\S]*comes back at their next login/);
      } finally {
        delete process.env.ADMIN_EMAILS;
        resetEnvForTests();
        vi.restoreAllMocks();
      }
    });

    it("the demo seed makes the owner and the shopper with fixed uids, idempotently", async () => {
      const lines = await ensureDemoAccounts(t.db);
      expect(lines.join("\n")).toContain(DEMO_OWNER.email);
      expect(lines.join("\n")).toContain(DEMO_SHOPPER.password);
      // Again, after edits: profiles stay, the owner gets the admin role back, a granted role stays.
      await t.db.update(schema.users).set({ firstName: "Changed", role: "tm_admin" }).where(eq(schema.users.id, DEMO_SHOPPER.uid));
      await t.db.update(schema.users).set({ role: "customer" }).where(eq(schema.users.id, DEMO_OWNER.uid));
      await ensureDemoAccounts(t.db);
      const rows = await t.db.select().from(schema.users).where(eq(schema.users.email, DEMO_SHOPPER.email));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: DEMO_SHOPPER.uid, firstName: "Changed", role: "tm_admin" });
      const token = await auth.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
      const owner = await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token });
      expect(owner.json).toMatchObject({ uid: DEMO_OWNER.uid, role: "tm_admin" });
      // The demo owner's address is verified in the emulator, so ADMIN_EMAILS may name it too.
      await t.db.update(schema.users).set({ role: "customer" }).where(eq(schema.users.id, DEMO_OWNER.uid));
      expect((await applyAdminEmails(t.db, [DEMO_OWNER.email])).granted).toEqual([DEMO_OWNER.email]);
    });

    it("GET /v2/auth/config gives the browser the emulator host in demo mode (no secrets)", async () => {
      const res = await call(config.GET, "/v2/auth/config");
      expect(res.json.firebase).toEqual({ apiKey: "demo-api-key", authDomain: "demo-resin.firebaseapp.com", projectId: "demo-resin", emulatorHost: auth.host });
    });
  });

  describe("page middleware", () => {
    interface FakeCookies {
      jar: Map<string, string>;
      deleted: string[];
    }

    function pageContext(path: string, cookies: Record<string, string> = {}) {
      const jar = new Map(Object.entries(cookies));
      const state: FakeCookies = { jar, deleted: [] };
      const url = new URL(path, "http://localhost:4321");
      const context = {
        url,
        request: new Request(url),
        locals: {} as App.Locals,
        cookies: {
          get: (name: string) => (jar.has(name) ? { value: jar.get(name)! } : undefined),
          has: (name: string) => jar.has(name),
          delete: (name: string) => {
            jar.delete(name);
            state.deleted.push(name);
          },
          set: () => {},
        },
        redirect: (location: string, status = 302) => new Response(null, { status, headers: { location } }),
      } as unknown as APIContext;
      return { context, state };
    }

    const next = async () => new Response("page", { status: 200 });
    const userCookie = (uid: string) => encodeURIComponent(JSON.stringify({ uid, firstName: "A", email: "a@example.com" }));

    async function run(path: string, cookies?: Record<string, string>) {
      const { context, state } = pageContext(path, cookies);
      const res = await accountMiddleware(context, next);
      return { res, locals: context.locals, state };
    }

    beforeEach(async () => {
      await call(register.POST, "/v2/auth/register", { method: "POST", body: PROFILE, token: alice.token });
      await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: bob.token });
      await t.db.update(schema.users).set({ role: "tm_admin" }).where(eq(schema.users.id, bob.uid));
    });

    it("anonymous: /admin/** and the signed-in pages go to /login with the requested location", async () => {
      for (const [path, to] of [
        ["/admin", "/login?redirect=%2Fadmin"],
        ["/admin/order/o1?tab=2", "/login?redirect=%2Fadmin%2Forder%2Fo1%3Ftab%3D2"],
        ["/checkout", "/login?redirect=%2Fcheckout"],
        ["/my-orders/abc", "/login?redirect=%2Fmy-orders%2Fabc"],
        ["/my-profile", "/login?redirect=%2Fmy-profile"],
        ["/%61dmin", "/login?redirect=%2F%2561dmin"],
      ]) {
        const { res, locals } = await run(path!);
        expect(res.status, path).toBe(302);
        expect(res.headers.get("location"), path).toBe(to);
        expect(locals.user).toBeNull();
      }
      const { res } = await run("/products");
      expect(res.status).toBe(200);
    });

    it("a signed-in shopper sees their pages, and /admin sends them to /unauthorized", async () => {
      const cookies = { token: alice.token, user: userCookie(alice.uid) };
      const page = await run("/my-profile", cookies);
      expect(page.res.status).toBe(200);
      expect(page.locals.user).toEqual({ uid: alice.uid, firstName: "Asha", email: alice.email, role: "customer", isOwner: false, emailVerified: false });
      expect(page.res.headers.get("cache-control")).toBe("private, no-store");
      const admin = await run("/admin/my-products", cookies);
      expect(admin.res.status).toBe(302);
      expect(admin.res.headers.get("location")).toBe("/unauthorized");
    });

    it("an admin passes the admin guard; /login sends a signed-in visitor on", async () => {
      const cookies = { token: bob.token, user: userCookie(bob.uid) };
      const admin = await run("/admin", cookies);
      expect(admin.res.status).toBe(200);
      expect(admin.locals.user).toMatchObject({ uid: bob.uid, role: "tm_admin" });
      const again = await run("/login?redirect=%2Fadmin%2Fcategories", cookies);
      expect(again.res.headers.get("location")).toBe("/admin/categories");
      const offsite = await run("/login?redirect=%2F%2Fevil.example", cookies);
      expect(offsite.res.headers.get("location")).toBe("/");
    });

    it("an expired or forged token ends the session: both cookies are removed", async () => {
      const expired = unsignedToken(idTokenClaims(alice.uid, "demo-resin", { email: alice.email, exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 3700 }));
      const { res, state, locals } = await run("/my-profile", { token: expired, user: userCookie(alice.uid) });
      expect(res.headers.get("location")).toBe("/login?redirect=%2Fmy-profile");
      expect(locals.user).toBeNull();
      expect(state.deleted.sort()).toEqual(["token", "user"]);
    });

    it("a token of one account with the user cookie of another is not a session", async () => {
      const { locals, state } = await run("/", { token: alice.token, user: userCookie(bob.uid) });
      expect(locals.user).toBeNull();
      expect(state.deleted.sort()).toEqual(["token", "user"]);
    });

    it("an empty or unreadable user cookie is removed; a token alone is not a session", async () => {
      for (const bad of ["", "%7Bnope", encodeURIComponent("[1,2]"), encodeURIComponent('{"firstName":"no uid"}')]) {
        const { locals, state } = await run("/", { token: alice.token, user: bad });
        expect(locals.user).toBeNull();
        expect(state.deleted).toContain("user");
      }
    });

    it("Firebase unreachable: guarded pages go to /login, which is served (not bounced back) and keeps the cookies", async () => {
      const cookies = { token: alice.token, user: userCookie(alice.uid) };
      const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
      process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${await deadPort()}`;
      await setFirebaseAppForTests(undefined); // firebase-admin reads the emulator host when its Auth is made
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const guarded = await run("/my-profile", cookies);
        expect(guarded.res.status).toBe(302);
        expect(guarded.res.headers.get("location")).toBe("/login?redirect=%2Fmy-profile");
        expect(guarded.state.deleted).toEqual([]);
        const loginPage = await run("/login?redirect=%2Fmy-profile", cookies);
        expect(loginPage.res.status).toBe(200);
        expect(loginPage.locals.user).toBeNull();
        expect(loginPage.state.deleted).toEqual([]);
      } finally {
        process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
        quiet.mockRestore();
        await setFirebaseAppForTests(undefined);
      }
      // Reachable again: the same cookies are a session, and /login sends the visitor on.
      const back = await run("/login?redirect=%2Fmy-profile", cookies);
      expect(back.res.headers.get("location")).toBe("/my-profile");
    });

    it("the owner is recognised by OWNER_UID", async () => {
      process.env.OWNER_UID = bob.uid;
      resetEnvForTests();
      try {
        const { locals } = await run("/", { token: bob.token, user: userCookie(bob.uid) });
        expect(locals.user).toMatchObject({ uid: bob.uid, isOwner: true });
        const shopper = await run("/", { token: alice.token, user: userCookie(alice.uid) });
        expect(shopper.locals.user?.isOwner).toBe(false);
      } finally {
        delete process.env.OWNER_UID;
        resetEnvForTests();
      }
    });
  });
});

describe("the Auth Emulator is refused outside demo mode on localhost", () => {
  let saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    saved = {
      DEMO_MODE: process.env.DEMO_MODE,
      HOST: process.env.HOST,
      TRUST_PROXY: process.env.TRUST_PROXY,
      PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL,
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    };
  });
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
  });

  it("accepts demo mode on 127.0.0.1, localhost and ::1", () => {
    for (const host of ["127.0.0.1", "localhost", "::1"]) {
      process.env.HOST = host;
      resetEnvForTests();
      expect(() => assertEmulatorAllowed()).not.toThrow();
    }
  });

  it("refuses when DEMO_MODE is off", () => {
    process.env.DEMO_MODE = "false";
    resetEnvForTests();
    expect(() => assertEmulatorAllowed()).toThrow(/REFUSING TO RUN.*DEMO_MODE is not true/);
  });

  it("refuses when the shop listens on a network address", () => {
    process.env.HOST = "0.0.0.0";
    resetEnvForTests();
    expect(() => assertEmulatorAllowed()).toThrow(/listens on 0.0.0.0/);
  });

  it("refuses when the shop is meant to sit behind a proxy (TRUST_PROXY)", () => {
    process.env.TRUST_PROXY = "true";
    resetEnvForTests();
    expect(() => assertEmulatorAllowed()).toThrow(/REFUSING TO RUN.*TRUST_PROXY is true/);
  });

  it("refuses when PUBLIC_SITE_URL is not on a loopback name; accepts localhost, 127.0.0.1 and [::1]", () => {
    for (const site of ["https://shop.example", "http://192.168.1.20:4321", "http://localhost.evil.example:4321"]) {
      process.env.PUBLIC_SITE_URL = site;
      resetEnvForTests();
      expect(() => assertEmulatorAllowed(), site).toThrow(/REFUSING TO RUN.*PUBLIC_SITE_URL/);
    }
    for (const site of ["http://localhost:4321", "http://127.0.0.1:4443/", "http://[::1]:4321"]) {
      process.env.PUBLIC_SITE_URL = site;
      resetEnvForTests();
      expect(() => assertEmulatorAllowed(), site).not.toThrow();
    }
  });

  describe("demo mode answers only to loopback host names (DNS rebinding)", () => {
    async function request(target: string, host?: string) {
      const url = new URL(target);
      let reached = false;
      const context = {
        url,
        request: new Request(url, host ? { headers: { host } } : {}),
        locals: {},
        cookies: { has: () => false, get: () => undefined, delete: () => {} },
        redirect: (location: string, status = 302) => new Response(null, { status, headers: { location } }),
      } as unknown as APIContext;
      const res = await accountMiddleware(context, async () => {
        reached = true;
        return new Response("page");
      });
      return { status: res.status, reached };
    }

    it("421 for another Host, on pages and on the API, before anything runs", async () => {
      for (const [target, host] of [
        ["http://localhost:4321/", "attacker.example"],
        ["http://localhost:4321/v2/auth/login", "attacker.example:4321"],
        ["http://localhost:4321/admin", "127.0.0.1.nip.io:4321"],
        ["http://attacker.example:4321/products", undefined],
      ] as const) {
        const res = await request(target, host);
        expect(res.status, `${target} Host: ${host}`).toBe(421);
        expect(res.reached).toBe(false);
      }
    });

    it("serves localhost, 127.0.0.1 and [::1] (with or without a port)", async () => {
      for (const host of ["localhost:4443", "127.0.0.1:4443", "[::1]:4443", "LOCALHOST", "127.0.0.1"]) {
        const res = await request("http://localhost:4443/products", host);
        expect(res.status, host).toBe(200);
        expect(res.reached).toBe(true);
      }
    });

    it("outside demo mode (no emulator) the Host is not restricted", async () => {
      process.env.DEMO_MODE = "false";
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      resetEnvForTests();
      const res = await request("http://shop.example/products", "shop.example");
      expect(res.status).toBe(200);
    });
  });

  it("the middleware answers 500 for every page and the API refuses tokens", async () => {
    process.env.HOST = "0.0.0.0";
    resetEnvForTests();
    const url = new URL("http://localhost/");
    const res = await accountMiddleware({ url, request: new Request(url), locals: {}, cookies: { has: () => false } } as unknown as APIContext, async () => new Response("page"));
    expect(res.status).toBe(500);
    expect(await res.text()).toMatch(/REFUSING TO RUN/);
    const api = await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: "a.b.c" });
    expect(api.status).toBe(500);
  });
});

/**
 * Production mode (no emulator): firebase-admin checks the RS256 signature against Google's
 * published keys, the audience, the issuer, the expiry, and revocation through the account
 * lookup. Offline, Google is played by a local server reached through the app's httpAgent; the
 * keys are made here, so tokens signed with them verify and anything else must not.
 */
describe("production mode: real signature checks (Google played by a local key server)", () => {
  const PROJECT = "resin-prod-test";
  const KID = "test-key-1";
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const accounts = new Map<string, { email: string; validSince: number; disabled: boolean }>();
  let server: Server;
  let t: TestDb;
  let saved: Record<string, string | undefined> = {};

  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  function signed(claims: Record<string, unknown>, key: KeyObject = keys.privateKey, kid = KID): string {
    const head = `${b64({ alg: "RS256", kid, typ: "JWT" })}.${b64(claims)}`;
    return `${head}.${createSign("RSA-SHA256").update(head).sign(key).toString("base64url")}`;
  }
  const claimsFor = (uid: string, overrides: Record<string, unknown> = {}) =>
    idTokenClaims(uid, PROJECT, { email: accounts.get(uid)?.email ?? `${uid}@example.com`, email_verified: true, ...overrides });

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        if (req.url?.startsWith("/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com")) {
          res.writeHead(200, { "content-type": "application/json", "cache-control": "public, max-age=3600" });
          res.end(JSON.stringify({ [KID]: keys.publicKey.export({ type: "spki", format: "pem" }) }));
          return;
        }
        if (req.method === "POST" && req.url?.endsWith(`/projects/${PROJECT}/accounts:lookup`)) {
          const uid = (JSON.parse(body || "{}") as { localId?: string[] }).localId?.[0] ?? "";
          const account = accounts.get(uid);
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(account ? { users: [{ localId: uid, email: account.email, emailVerified: true, validSince: String(account.validSince), disabled: account.disabled }] } : {}));
          return;
        }
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: `no route ${req.url}` } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    // Every HTTPS request of this app (keys, account lookups) goes to the local server, in plain HTTP.
    class LocalAgent extends HttpsAgent {
      override createConnection(): Socket {
        return netConnect(port, "127.0.0.1");
      }
    }
    saved = { FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST, DEMO_MODE: process.env.DEMO_MODE, FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID };
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.DEMO_MODE = "false";
    process.env.FIREBASE_PROJECT_ID = PROJECT;
    resetEnvForTests();
    const app = initializeApp(
      { projectId: PROJECT, credential: { getAccessToken: async () => ({ access_token: "test-access-token", expires_in: 3600 }) }, httpAgent: new LocalAgent() },
      `prod-test-${Date.now()}`,
    );
    await setFirebaseAppForTests(app);
    t = await createTestDb("pglite");
  });

  afterAll(async () => {
    await t?.close();
    await setFirebaseAppForTests(undefined);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
  });

  beforeEach(async () => {
    await t.db.delete(schema.users);
    clearVerifyCache();
    accounts.clear();
    accounts.set("prod-user", { email: "prod@example.com", validSince: Math.floor(Date.now() / 1000) - 600, disabled: false });
  });

  const loginWith = (token: string) => call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token });

  it("accepts a token signed with Google's key for this project", async () => {
    const res = await loginWith(signed(claimsFor("prod-user")));
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ uid: "prod-user", email: "prod@example.com" });
  });

  it.each([
    ["signed with another key", () => signed(claimsFor("prod-user"), stranger.privateKey)],
    ["naming a key Google does not publish", () => signed(claimsFor("prod-user"), keys.privateKey, "unknown-kid")],
    ["with its payload changed after signing", () => {
      const [h, , s] = signed(claimsFor("prod-user")).split(".");
      return `${h}.${b64(claimsFor("someone-else"))}.${s}`;
    }],
    ["unsigned, like an emulator token", () => unsignedToken(claimsFor("prod-user"))],
    ["for another project", () => signed(idTokenClaims("prod-user", "another-project", { email: "prod@example.com" }))],
    ["from another issuer", () => signed(claimsFor("prod-user", { iss: "https://securetoken.google.com/another-project" }))],
    ["expired", () => signed(claimsFor("prod-user", { iat: Math.floor(Date.now() / 1000) - 7200, auth_time: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }))],
    ["for an account that was deleted", () => signed(claimsFor("deleted-user", { email: "gone@example.com" }))],
  ])("refuses a token %s (401)", async (_label, make) => {
    const res = await loginWith(make());
    expect(res.status, res.text).toBe(401);
    expect(await t.db.select().from(schema.users)).toEqual([]);
  });

  it("refuses a token issued before the account signed out everywhere, and a disabled account", async () => {
    accounts.get("prod-user")!.validSince = Math.floor(Date.now() / 1000) + 5;
    expect((await loginWith(signed(claimsFor("prod-user")))).status).toBe(401);
    accounts.get("prod-user")!.validSince = 0;
    accounts.get("prod-user")!.disabled = true;
    clearVerifyCache();
    expect((await loginWith(signed(claimsFor("prod-user")))).status).toBe(401);
  });

  // Google unreachable = the connection is refused, which firebase-admin does not retry (it retries
  // 503 answers and dropped connections with a back-off of several seconds): fast and deterministic.
  it("answers 503 (not 401, not 500) when Google cannot be reached", async () => {
    accounts.set("fresh-user", { email: "fresh@example.com", validSince: 0, disabled: false });
    const nowhere = await deadPort();
    // A fresh app (its key cache is empty) whose every request goes to a port nobody listens on.
    const app = initializeApp({ projectId: PROJECT, credential: { getAccessToken: async () => ({ access_token: "x", expires_in: 3600 }) }, httpAgent: new (class extends HttpsAgent {
      override createConnection(): Socket {
        return netConnect(nowhere, "127.0.0.1");
      }
    })() }, `prod-test-down-${Date.now()}`);
    const previous = await swapApp(app);
    const started = Date.now();
    try {
      const res = await loginWith(signed(claimsFor("fresh-user")));
      expect(res.status, res.text).toBe(503);
      // No retry back-off (which takes well over 10 s); the margin is for a busy machine.
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      await swapApp(previous);
    }
  }, 20_000);

  it("serves the browser the production web config from PUBLIC_FIREBASE_* only (no emulator)", async () => {
    process.env.PUBLIC_FIREBASE_API_KEY = "AIza-test";
    process.env.PUBLIC_FIREBASE_AUTH_DOMAIN = "shop.example";
    process.env.PUBLIC_FIREBASE_PROJECT_ID = PROJECT;
    resetEnvForTests();
    try {
      const res = await call(config.GET, "/v2/auth/config");
      expect(res.json.firebase).toEqual({ apiKey: "AIza-test", authDomain: "shop.example", projectId: PROJECT });
    } finally {
      delete process.env.PUBLIC_FIREBASE_API_KEY;
      delete process.env.PUBLIC_FIREBASE_AUTH_DOMAIN;
      delete process.env.PUBLIC_FIREBASE_PROJECT_ID;
      resetEnvForTests();
    }
  });
});
