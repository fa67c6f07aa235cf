/**
 * The page middleware of the accounts (docs/product.md §2 Guards, §4): guards before any HTML, the session
 * cookies it keeps or removes, and what it does when Firebase cannot be asked, against a real
 * Firebase Auth Emulator and a fresh database.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { APIContext } from "astro";
import { schema } from "~/server/db/client";
import { accountMiddleware } from "~/features/account/session-middleware.server";
import { setFirebaseAppForTests } from "~/server/auth/firebase-admin.server";
import { resetEnvForTests } from "~/server/env";
import { call } from "./helpers/call";
import { idTokenClaims, unsignedToken } from "./helpers/auth";

import { alice, bob, deadPort, describeAccounts, login, registerAs, t } from "./helpers/accounts";
import { EMULATOR_PORTS } from "./helpers/ports";

describeAccounts("accounts API", EMULATOR_PORTS.accountsMiddleware, () => {
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
        redirect: (location: string, status = 302) =>
          new Response(null, { status, headers: { location } }),
      } as unknown as APIContext;
      return { context, state };
    }

    const next = async () => new Response("page", { status: 200 });
    const userCookie = (uid: string) =>
      encodeURIComponent(JSON.stringify({ uid, firstName: "A", email: "a@example.com" }));

    async function run(path: string, cookies?: Record<string, string>) {
      const { context, state } = pageContext(path, cookies);
      const res = await accountMiddleware(context, next);
      return { res, locals: context.locals, state };
    }

    beforeEach(async () => {
      await registerAs(alice.token);
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
      expect(page.locals.user).toEqual({
        uid: alice.uid,
        firstName: "Asha",
        email: alice.email,
        role: "customer",
        isOwner: false,
        emailVerified: false,
      });
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
      const expired = unsignedToken(
        idTokenClaims(alice.uid, "demo-resin", {
          email: alice.email,
          exp: Math.floor(Date.now() / 1000) - 60,
          iat: Math.floor(Date.now() / 1000) - 3700,
        }),
      );
      const { res, state, locals } = await run("/my-profile", {
        token: expired,
        user: userCookie(alice.uid),
      });
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
      for (const bad of [
        "",
        "%7Bnope",
        encodeURIComponent("[1,2]"),
        encodeURIComponent('{"firstName":"no uid"}'),
      ]) {
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
