/**
 * Accounts API (docs/product.md §7 Authentication and profile) against a real Firebase Auth
 * Emulator and a fresh database: the authorisation matrix of every endpoint (no token, malformed,
 * forged, expired, revoked, another user's token, the right user, an admin). Bad input that writes
 * nothing: accounts-input.test.ts; records and roles: accounts-records.test.ts; the page
 * middleware: accounts-middleware.test.ts; the emulator guard and production tokens:
 * auth-modes.test.ts, auth-production.test.ts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { requireAdmin } from "~/server/auth/auth.server";
import { call } from "./helpers/call";
import { ADDRESS, PROFILE } from "./helpers/fixtures";
import { idTokenClaims, unsignedToken } from "./helpers/auth";

import {
  addAddress,
  alice,
  auth,
  bob,
  describeAccounts,
  endpoints,
  login,
  profileAddress,
  register,
  registerAs,
  snapshot,
  t,
} from "./helpers/accounts";
import { EMULATOR_PORTS } from "./helpers/ports";

describeAccounts("accounts API", EMULATOR_PORTS.accounts, () => {
  describe("authorisation matrix", () => {
    const badTokens: [string, () => string | undefined, Record<string, string> | undefined][] = [
      ["no token", () => undefined, undefined],
      [
        "a header that is not 'Bearer <token>'",
        () => undefined,
        { authorization: "Basic YWxpY2U6c2VjcmV0" },
      ],
      ["a malformed token", () => "not-a-jwt", undefined],
      [
        "a forged signature (RS256 header, made-up signature)",
        () =>
          `${unsignedToken(idTokenClaims(alice.uid, "demo-resin", { email: alice.email }), {
            alg: "RS256",
            kid: "made-up",
            typ: "JWT",
          }).slice(0, -1)}.c2lnbmF0dXJl`,
        undefined,
      ],
      [
        "a token for another project (audience)",
        () =>
          unsignedToken(idTokenClaims(alice.uid, "someone-elses-project", { email: alice.email })),
        undefined,
      ],
      [
        "a token for another issuer",
        () =>
          unsignedToken(
            idTokenClaims(alice.uid, "demo-resin", {
              email: alice.email,
              iss: "https://evil.example/demo-resin",
            }),
          ),
        undefined,
      ],
      [
        "a token for an account that does not exist",
        () =>
          unsignedToken(
            idTokenClaims("no-such-user", "demo-resin", { email: "ghost@example.com" }),
          ),
        undefined,
      ],
      [
        "an expired token",
        () =>
          unsignedToken(
            idTokenClaims(alice.uid, "demo-resin", {
              email: alice.email,
              iat: Math.floor(Date.now() / 1000) - 7200,
              auth_time: Math.floor(Date.now() / 1000) - 7200,
              exp: Math.floor(Date.now() / 1000) - 3600,
            }),
          ),
        undefined,
      ],
    ];

    for (const endpoint of endpoints()) {
      it.each(badTokens)(
        `${endpoint.name} answers 401 for %s and writes nothing`,
        async (_label, token, headers) => {
          const before = await snapshot(t.db);
          const res = await endpoint.send(token(), headers);
          expect(res.status).toBe(401);
          expect(res.json).toEqual({ error: expect.any(String) });
          expect(await snapshot(t.db)).toBe(before);
        },
      );
    }

    it("refuses a revoked token and a disabled account (401)", async () => {
      const ok = await call(login.POST, "/v2/auth/login", {
        method: "POST",
        body: {},
        token: alice.token,
      });
      expect(ok.status).toBe(200);
      await auth.revoke(alice.uid);
      const revoked = await call(login.POST, "/v2/auth/login", {
        method: "POST",
        body: {},
        token: alice.token,
      });
      expect(revoked.status).toBe(401);
      await auth.disable(bob.uid);
      const disabled = await call(login.POST, "/v2/auth/login", {
        method: "POST",
        body: {},
        token: bob.token,
      });
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
      expect(answers["POST /v2/auth/register"]!.json).toMatchObject({
        ...PROFILE,
        displayName: "Asha Verma",
        addresses: [],
      });
      expect(answers["POST /v2/users/profile-address"]!.json.addresses).toEqual([
        { ...ADDRESS, id: "a1", email: alice.email },
      ]);
      expect(answers["PUT /v2/users/profile-address"]!.json.addresses[0].city).toBe("Udaipur");
      expect(answers["DELETE /v2/users/profile-address"]!.json.addresses).toEqual([]);
      const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, alice.uid));
      expect(row?.email).toBe(alice.email);
    });

    it("another user's token cannot read, change or delete someone else's address (404)", async () => {
      await registerAs(alice.token);
      const saved = await addAddress(alice.token, { ...ADDRESS, id: "a1" });
      expect(saved.status).toBe(201);
      const before = await snapshot(t.db);
      const put = await call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", {
        method: "PUT",
        body: { ...ADDRESS, city: "Stolen" },
        token: bob.token,
      });
      expect(put.status).toBe(404);
      const del = await call(profileAddress.DELETE, "/v2/users/profile-address?address_id=a1", {
        method: "DELETE",
        token: bob.token,
      });
      expect(del.status).toBe(404);
      // Bob's own answers never carry Alice's data.
      const bobs = await call(login.POST, "/v2/auth/login", {
        method: "POST",
        body: {},
        token: bob.token,
      });
      expect(bobs.json.uid).toBe(bob.uid);
      expect(bobs.json.addresses).toEqual([]);
      const after = JSON.parse(await snapshot(t.db)) as {
        addresses: unknown[];
        users: { id: string }[];
      };
      expect(JSON.stringify({ ...JSON.parse(before), users: undefined })).toBe(
        JSON.stringify({ ...after, users: undefined }),
      );
      // The same address id under another account is that account's own address.
      const own = await addAddress(bob.token, { ...ADDRESS, id: "a1", city: "Pune" });
      expect(own.status).toBe(201);
      const alices = await call(login.POST, "/v2/auth/login", {
        method: "POST",
        body: {},
        token: alice.token,
      });
      expect(alices.json.addresses[0].city).toBe("Jaipur");
    });

    it("an admin gets no more than their own data from these endpoints, and passes requireAdmin", async () => {
      await registerAs(alice.token);
      await addAddress(alice.token, { ...ADDRESS, id: "a1" });
      await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: bob.token });
      await t.db.update(schema.users).set({ role: "tm_admin" }).where(eq(schema.users.id, bob.uid));
      const put = await call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", {
        method: "PUT",
        body: ADDRESS,
        token: bob.token,
      });
      expect(put.status).toBe(404);
      const me = await call(login.POST, "/v2/auth/login", {
        method: "POST",
        body: {},
        token: bob.token,
      });
      expect(me.json).toMatchObject({ uid: bob.uid, role: "tm_admin" });

      const ctx = (token?: string) => ({
        request: new Request("http://x/", {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }),
      });
      await expect(requireAdmin(ctx(bob.token))).resolves.toMatchObject({
        uid: bob.uid,
        role: "tm_admin",
      });
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
      const addr = await addAddress(alice.token, {
        ...ADDRESS,
        id: "a2",
        email: "boss@example.com",
      });
      expect(addr.json.addresses[0].email).toBe(alice.email);
    });
  });
});
