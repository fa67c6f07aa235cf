/**
 * Accounts API (docs/product.md §7 Authentication and profile) against a real Firebase Auth Emulator and a
 * fresh database: the authorisation matrix of every endpoint (no token, malformed, forged,
 * expired, revoked, another user's token, the right user, an admin), and bad input that writes
 * nothing. Records and roles: accounts-records.test.ts; the page middleware:
 * accounts-middleware.test.ts; the emulator guard and production tokens: auth-modes.test.ts,
 * auth-production.test.ts.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { schema } from "../src/server/db/client";
import { requireAdmin } from "../src/server/auth/auth.server";
import { call } from "./helpers/call";
import { ADDRESS, PROFILE } from "./helpers/fixtures";
import type { TestDb } from "./helpers/db";
import { idTokenClaims, unsignedToken, type TestAccount, type TestAuth } from "./helpers/auth";

import {
  describeAccounts,
  endpoints,
  googleRegister,
  login,
  profile,
  profileAddress,
  register,
  snapshot,
} from "./helpers/accounts";
import { EMULATOR_PORTS } from "./helpers/ports";

let auth: TestAuth;
let t: TestDb;
let alice: TestAccount;
let bob: TestAccount;

describeAccounts(
  "accounts API",
  EMULATOR_PORTS.accounts,
  (fixture) => ({ auth, t, alice, bob } = fixture),
  () => {
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
            unsignedToken(
              idTokenClaims(alice.uid, "someone-elses-project", { email: alice.email }),
            ),
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
        await call(register.POST, "/v2/auth/register", {
          method: "POST",
          body: PROFILE,
          token: alice.token,
        });
        const saved = await call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a1" },
          token: alice.token,
        });
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
        const own = await call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a1", city: "Pune" },
          token: bob.token,
        });
        expect(own.status).toBe(201);
        const alices = await call(login.POST, "/v2/auth/login", {
          method: "POST",
          body: {},
          token: alice.token,
        });
        expect(alices.json.addresses[0].city).toBe("Jaipur");
      });

      it("an admin gets no more than their own data from these endpoints, and passes requireAdmin", async () => {
        await call(register.POST, "/v2/auth/register", {
          method: "POST",
          body: PROFILE,
          token: alice.token,
        });
        await call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a1" },
          token: alice.token,
        });
        await call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token: bob.token });
        await t.db
          .update(schema.users)
          .set({ role: "tm_admin" })
          .where(eq(schema.users.id, bob.uid));
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
        const addr = await call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a2", email: "boss@example.com" },
          token: alice.token,
        });
        expect(addr.json.addresses[0].email).toBe(alice.email);
      });
    });

    describe("bad input writes nothing (400 with the rule that failed)", () => {
      beforeEach(async () => {
        await call(register.POST, "/v2/auth/register", {
          method: "POST",
          body: PROFILE,
          token: alice.token,
        });
        await call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a1" },
          token: alice.token,
        });
      });

      const long = (n: number) => "x".repeat(n);
      const cases: [string, () => ReturnType<typeof call>, RegExp][] = [
        [
          "register without a first name",
          () =>
            call(register.POST, "/v2/auth/register", {
              method: "POST",
              body: { ...PROFILE, firstName: "  " },
              token: alice.token,
            }),
          /firstName: First name required/,
        ],
        [
          "register with an unknown gender",
          () =>
            call(register.POST, "/v2/auth/register", {
              method: "POST",
              body: { ...PROFILE, gender: "robot" },
              token: alice.token,
            }),
          /gender: Select your gender/,
        ],
        [
          "profile with a blank phone",
          () =>
            call(profile.PUT, "/v2/users/profile", {
              method: "PUT",
              body: { ...PROFILE, phone: "" },
              token: alice.token,
            }),
          /phone: Phone number required/,
        ],
        [
          "profile with a future birth date",
          () =>
            call(profile.PUT, "/v2/users/profile", {
              method: "PUT",
              body: { ...PROFILE, dateOfBirth: "2999-01-01" },
              token: alice.token,
            }),
          /dateOfBirth/,
        ],
        [
          "profile with an impossible date",
          () =>
            call(profile.PUT, "/v2/users/profile", {
              method: "PUT",
              body: { ...PROFILE, dateOfBirth: "1990-02-31" },
              token: alice.token,
            }),
          /dateOfBirth/,
        ],
        [
          "profile with a 51-character last name",
          () =>
            call(profile.PUT, "/v2/users/profile", {
              method: "PUT",
              body: { ...PROFILE, lastName: long(51) },
              token: alice.token,
            }),
          /lastName: Last name: at most 50 characters/,
        ],
        [
          "profile that is not JSON",
          () =>
            call(profile.PUT, "/v2/users/profile", {
              method: "PUT",
              rawBody: "{nope",
              token: alice.token,
            }),
          /not valid JSON/,
        ],
        [
          "profile sent as a form",
          () =>
            call(profile.PUT, "/v2/users/profile", {
              method: "PUT",
              rawBody: "firstName=A",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              token: alice.token,
            }),
          /JSON/,
        ],
        [
          "address without a city",
          () =>
            call(profileAddress.POST, "/v2/users/profile-address", {
              method: "POST",
              body: { ...ADDRESS, id: "a2", city: " " },
              token: alice.token,
            }),
          /city: City required/,
        ],
        [
          "address without a ZIP code",
          () =>
            call(profileAddress.POST, "/v2/users/profile-address", {
              method: "POST",
              body: { ...ADDRESS, id: "a2", zipCode: "" },
              token: alice.token,
            }),
          /zipCode: ZIP code required/,
        ],
        [
          "address with a PIN code starting with 0",
          () =>
            call(profileAddress.POST, "/v2/users/profile-address", {
              method: "POST",
              body: { ...ADDRESS, id: "a2", zipCode: "012345" },
              token: alice.token,
            }),
          /zipCode: ZIP code must be a 6-digit PIN code that does not start with 0/,
        ],
        [
          "address with a state that is not on India's list",
          () =>
            call(profileAddress.POST, "/v2/users/profile-address", {
              method: "POST",
              body: { ...ADDRESS, id: "a2", state: "Orissa" },
              token: alice.token,
            }),
          /state: State: choose one of India's states or union territories/,
        ],
        [
          "address in another country",
          () =>
            call(profileAddress.POST, "/v2/users/profile-address", {
              method: "POST",
              body: { ...ADDRESS, id: "a2", country: "Nepal" },
              token: alice.token,
            }),
          /country: Country: we deliver within India only/,
        ],
        [
          "address with the temporary id 'new'",
          () =>
            call(profileAddress.POST, "/v2/users/profile-address", {
              method: "POST",
              body: { ...ADDRESS, id: "new" },
              token: alice.token,
            }),
          /id: Address id 'new'/,
        ],
        [
          "address with an id that is not a short token",
          () =>
            call(profileAddress.POST, "/v2/users/profile-address", {
              method: "POST",
              body: { ...ADDRESS, id: "../x" },
              token: alice.token,
            }),
          /id: Address id must be/,
        ],
        [
          "address without an id",
          () =>
            call(profileAddress.POST, "/v2/users/profile-address", {
              method: "POST",
              body: ADDRESS,
              token: alice.token,
            }),
          /id: Address id required/,
        ],
        [
          "address of an unknown type",
          () =>
            call(profileAddress.POST, "/v2/users/profile-address", {
              method: "POST",
              body: { ...ADDRESS, id: "a2", type: "Office" },
              token: alice.token,
            }),
          /type: Type must be Home, Work or Other/,
        ],
        [
          "address with a 201-character line",
          () =>
            call(profileAddress.POST, "/v2/users/profile-address", {
              method: "POST",
              body: { ...ADDRESS, id: "a2", address1: long(201) },
              token: alice.token,
            }),
          /address1: Address line 1: at most 200/,
        ],
        [
          "address update without address_id",
          () =>
            call(profileAddress.PUT, "/v2/users/profile-address", {
              method: "PUT",
              body: ADDRESS,
              token: alice.token,
            }),
          /address_id: Address id required/,
        ],
        [
          "address update with a blank last name",
          () =>
            call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", {
              method: "PUT",
              body: { ...ADDRESS, lName: "" },
              token: alice.token,
            }),
          /lName: Last name required/,
        ],
        [
          "address delete with a bad address_id",
          () =>
            call(profileAddress.DELETE, "/v2/users/profile-address?address_id=%20", {
              method: "DELETE",
              token: alice.token,
            }),
          /address_id/,
        ],
        [
          "google register with a 51-character first name",
          () =>
            call(googleRegister.POST, "/v2/auth-google/register", {
              method: "POST",
              body: { firstName: long(51) },
              token: bob.token,
            }),
          /firstName/,
        ],
      ];

      it.each(cases)("%s", async (_label, send, rule) => {
        const before = await snapshot(t.db);
        const res = await send();
        expect(res.status).toBe(400);
        expect(res.json.error).toMatch(rule);
        expect(await snapshot(t.db)).toBe(before);
      });

      it("a second address with an existing id is a 409; the 21st address is refused", async () => {
        const dup = await call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a1", city: "Other" },
          token: alice.token,
        });
        expect(dup.status).toBe(409);
        for (let i = 2; i <= 20; i++) {
          const res = await call(profileAddress.POST, "/v2/users/profile-address", {
            method: "POST",
            body: { ...ADDRESS, id: `a${i}` },
            token: alice.token,
          });
          expect(res.status).toBe(201);
        }
        const before = await snapshot(t.db);
        const over = await call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a21" },
          token: alice.token,
        });
        expect(over.status).toBe(400);
        expect(over.json.error).toMatch(/at most 20/);
        expect(await snapshot(t.db)).toBe(before);
      });

      it("a stored address with a state off the list still loads; a save must choose a listed one (decision 0060)", async () => {
        await t.db
          .update(schema.addresses)
          .set({ state: "Orissa" })
          .where(eq(schema.addresses.id, "a1"));
        const read = await call(login.POST, "/v2/auth/login", {
          method: "POST",
          body: {},
          token: alice.token,
        });
        expect(read.status).toBe(200);
        expect(read.json.addresses[0].state).toBe("Orissa");
        const saved = await call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", {
          method: "PUT",
          body: { ...ADDRESS, state: "odisha" },
          token: alice.token,
        });
        expect(saved.status).toBe(200);
        expect(saved.json.addresses[0].state).toBe("Odisha");
      });

      it("only one address is the default", async () => {
        await call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a2", isDefault: true },
          token: alice.token,
        });
        const res = await call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", {
          method: "PUT",
          body: { ...ADDRESS, isDefault: true },
          token: alice.token,
        });
        expect(
          res.json.addresses.map((a: { id: string; isDefault: boolean }) => [a.id, a.isDefault]),
        ).toEqual([
          ["a1", true],
          ["a2", false],
        ]);
      });

      it("unknown methods answer 405", async () => {
        const res = await call(profileAddress.ALL, "/v2/users/profile-address", {
          method: "PATCH",
          token: alice.token,
        });
        expect(res.status).toBe(405);
      });
    });
  },
);
