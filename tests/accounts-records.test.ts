/**
 * Accounts API records and roles (docs/product.md §3 User, §6 Roles, §7) against a real Firebase Auth
 * Emulator and a fresh database: records made at first login and sign-up, the admin role granted
 * only to verified emails, the web config, and the profile page's loader (found, or a 503 when
 * the database fails).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { AuthUnavailableError } from "~/server/auth/firebase-admin.server";
import { applyAdminEmails } from "~/features/account/admin-grant.server";
import { adminGrant } from "~/server/cli/admin-grant";
import { resetEnvForTests } from "~/server/env";
import { ensureDemoAccounts } from "~/server/seed/demo-accounts.server";
import { DEMO_OWNER, DEMO_SHOPPER } from "~/server/auth/demo";
import { call } from "./helpers/call";
import { failingDb } from "./helpers/db";

import {
  alice,
  auth,
  bob,
  config,
  roleOf,
  describeAccounts,
  googleRegister,
  login,
  t,
} from "./helpers/accounts";
import { loadProfilePage } from "~/features/account/profile-page.server";
import { EMULATOR_PORTS } from "./helpers/ports";

describeAccounts("accounts API", EMULATOR_PORTS.accountsRecords, () => {
  describe("records and roles", () => {
    it("login creates the record on first login, from the token's name", async () => {
      const gina = await auth.createUser(undefined, { displayName: "Gina Rao Sharma" });
      const res = await call(login.POST, "/v2/auth/login", {
        method: "POST",
        body: {},
        token: gina.token,
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        uid: gina.uid,
        firstName: "Gina",
        lastName: "Rao Sharma",
        role: "customer",
        addresses: [],
      });
      expect(res.json.cartId).toEqual(expect.any(String));
    });

    it("a new Google account's record takes the first name it sends", async () => {
      const res = await call(googleRegister.POST, "/v2/auth-google/register", {
        method: "POST",
        body: { email: "ignored@example.com", firstName: "Gina" },
        token: bob.token,
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ uid: bob.uid, email: bob.email, firstName: "Gina" });
    });

    it("an email already held by another record is a 409, not a second account", async () => {
      await t.db.insert(schema.users).values({ id: "old-uid", email: alice.email.toUpperCase() });
      const res = await call(login.POST, "/v2/auth/login", {
        method: "POST",
        body: {},
        token: alice.token,
      });
      expect(res.status).toBe(409);
    });

    it("ADMIN_EMAILS grants tm_admin at login only with a verified email", async () => {
      process.env.ADMIN_EMAILS = `someone@example.com, ${alice.email.toUpperCase()}`;
      resetEnvForTests();
      try {
        const unverified = await call(login.POST, "/v2/auth/login", {
          method: "POST",
          body: {},
          token: alice.token,
        });
        expect(unverified.json.role).toBe("customer");
        const verifiedToken = await auth.verifyEmail(alice);
        const verified = await call(login.POST, "/v2/auth/login", {
          method: "POST",
          body: {},
          token: verifiedToken,
        });
        expect(verified.json.role).toBe("tm_admin");
      } finally {
        delete process.env.ADMIN_EMAILS;
        resetEnvForTests();
      }
    });

    it("ADMIN_EMAILS at start grants only to records whose address Firebase says is verified", async () => {
      const role = roleOf;
      // Anyone can sign up with a listed address without owning it: the record holds it, unverified.
      await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: alice.token });
      // A record whose address is not (or no longer) the one its Firebase account has.
      await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: bob.token });
      await auth.verifyEmail(bob);
      await t.db
        .update(schema.users)
        .set({ email: "boss@example.com" })
        .where(eq(schema.users.id, bob.uid));

      const first = await applyAdminEmails(t.db, [
        alice.email,
        "boss@example.com",
        "nobody@example.com",
      ]);
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
      const role = roleOf;
      const out = {
        log: vi.spyOn(console, "log").mockImplementation(() => {}),
        warn: vi.spyOn(console, "warn").mockImplementation(() => {}),
        error: vi.spyOn(console, "error").mockImplementation(() => {}),
      };
      const said = (spy: typeof out.log) => spy.mock.calls.map((c) => c.join(" ")).join("\n");
      try {
        await call(login.POST, "/v2/auth/login", {
          method: "POST",
          body: {},
          token: alice.token,
        });
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
        expect(said(out.warn)).toMatch(
          /WARNING: .* is listed in ADMIN_EMAILS[\s\S]*comes back at their next login/,
        );
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
      await t.db
        .update(schema.users)
        .set({ firstName: "Changed", role: "tm_admin" })
        .where(eq(schema.users.id, DEMO_SHOPPER.uid));
      await t.db
        .update(schema.users)
        .set({ role: "customer" })
        .where(eq(schema.users.id, DEMO_OWNER.uid));
      await ensureDemoAccounts(t.db);
      const rows = await t.db
        .select()
        .from(schema.users)
        .where(eq(schema.users.email, DEMO_SHOPPER.email));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id: DEMO_SHOPPER.uid,
        firstName: "Changed",
        role: "tm_admin",
      });
      const token = await auth.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
      const owner = await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token });
      expect(owner.json).toMatchObject({ uid: DEMO_OWNER.uid, role: "tm_admin" });
      // The demo owner's address is verified in the emulator, so ADMIN_EMAILS may name it too.
      await t.db
        .update(schema.users)
        .set({ role: "customer" })
        .where(eq(schema.users.id, DEMO_OWNER.uid));
      expect((await applyAdminEmails(t.db, [DEMO_OWNER.email])).granted).toEqual([
        DEMO_OWNER.email,
      ]);
    });

    it("GET /v2/auth/config gives the browser the emulator host in demo mode (no secrets)", async () => {
      const res = await call(config.GET, "/v2/auth/config");
      expect(res.json.firebase).toEqual({
        apiKey: "demo-api-key",
        authDomain: "demo-resin.firebaseapp.com",
        projectId: "demo-resin",
        emulatorHost: auth.host,
      });
    });
  });

  describe("the profile page's read (decision 0019)", () => {
    it("found with the record, found with null before the first login, failed (503) when the database fails", async () => {
      await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: alice.token });
      const found = await loadProfilePage(async () => t.db, alice.uid);
      expect(found).toMatchObject({
        state: "found",
        status: 200,
        user: { uid: alice.uid, email: alice.email },
      });
      expect(await loadProfilePage(async () => t.db, bob.uid)).toEqual({
        state: "found",
        status: 200,
        user: null,
      });
      vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        expect(
          await loadProfilePage(() => Promise.reject(new Error("connection refused")), alice.uid),
        ).toEqual({ state: "failed", status: 503 });
        const failing = failingDb();
        expect(await loadProfilePage(async () => failing, alice.uid)).toEqual({
          state: "failed",
          status: 503,
        });
      } finally {
        vi.restoreAllMocks();
      }
    });
  });
});
