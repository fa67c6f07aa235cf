/**
 * The Auth Emulator is trusted only in demo mode on a loopback address: refused otherwise, and
 * demo mode answers only to loopback host names (DNS rebinding).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { APIContext } from "astro";
import { accountMiddleware } from "~/features/account/session-middleware.server";
import { assertEmulatorAllowed } from "~/server/auth/firebase-admin.server";
import { resetEnvForTests } from "~/server/env";
import { call } from "./helpers/call";
import { deadPort, login } from "./helpers/accounts";

/** Demo mode with an emulator configured, as startTestAuth sets it (nothing here contacts it). */
const DEMO_ENV = [
  "FIREBASE_AUTH_EMULATOR_HOST",
  "DEMO_MODE",
  "HOST",
  "FIREBASE_PROJECT_ID",
] as const;
let demoSaved: Record<string, string | undefined> = {};
beforeAll(async () => {
  demoSaved = Object.fromEntries(DEMO_ENV.map((key) => [key, process.env[key]]));
  Object.assign(process.env, {
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await deadPort()}`,
    DEMO_MODE: "true",
    HOST: "127.0.0.1",
    FIREBASE_PROJECT_ID: "demo-resin",
  });
  resetEnvForTests();
});
afterAll(() => {
  for (const [key, value] of Object.entries(demoSaved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
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
    for (const site of [
      "https://shop.example",
      "http://192.168.1.20:4321",
      "http://localhost.evil.example:4321",
    ]) {
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
        redirect: (location: string, status = 302) =>
          new Response(null, { status, headers: { location } }),
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
      for (const host of [
        "localhost:4443",
        "127.0.0.1:4443",
        "[::1]:4443",
        "LOCALHOST",
        "127.0.0.1",
      ]) {
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
    const res = await accountMiddleware(
      {
        url,
        request: new Request(url),
        locals: {},
        cookies: { has: () => false },
      } as unknown as APIContext,
      async () => new Response("page"),
    );
    expect(res.status).toBe(500);
    expect(await res.text()).toMatch(/REFUSING TO RUN/);
    const api = await call(login.POST, "/v2/auth/login", {
      method: "POST",
      body: {},
      token: "a.b.c",
    });
    expect(api.status).toBe(500);
  });
});
