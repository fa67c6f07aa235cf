/**
 * Production-mode sign-in (no emulator): real RS256 signature checks against keys a local server
 * publishes, as Google would.
 */
import { createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import { createServer, type Server } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { connect as netConnect, type AddressInfo, type Socket } from "node:net";
import { initializeApp } from "firebase-admin/app";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { clearVerifyCache, setFirebaseAppForTests } from "~/server/auth/firebase-admin.server";
import { resetEnvForTests } from "~/server/env";
import { call } from "./helpers/call";
import { createTestDb, type TestDb } from "./helpers/db";
import { idTokenClaims, unsignedToken } from "./helpers/auth";

import { config, deadPort, login, swapApp } from "./helpers/accounts";

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
  function signed(
    claims: Record<string, unknown>,
    key: KeyObject = keys.privateKey,
    kid = KID,
  ): string {
    const head = `${b64({ alg: "RS256", kid, typ: "JWT" })}.${b64(claims)}`;
    return `${head}.${createSign("RSA-SHA256").update(head).sign(key).toString("base64url")}`;
  }
  const claimsFor = (uid: string, overrides: Record<string, unknown> = {}) =>
    idTokenClaims(uid, PROJECT, {
      email: accounts.get(uid)?.email ?? `${uid}@example.com`,
      email_verified: true,
      ...overrides,
    });

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        if (req.url?.startsWith("/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com")) {
          res.writeHead(200, {
            "content-type": "application/json",
            "cache-control": "public, max-age=3600",
          });
          res.end(
            JSON.stringify({ [KID]: keys.publicKey.export({ type: "spki", format: "pem" }) }),
          );
          return;
        }
        if (req.method === "POST" && req.url?.endsWith(`/projects/${PROJECT}/accounts:lookup`)) {
          const uid = (JSON.parse(body || "{}") as { localId?: string[] }).localId?.[0] ?? "";
          const account = accounts.get(uid);
          res.writeHead(200, { "content-type": "application/json" });
          res.end(
            JSON.stringify(
              account
                ? {
                    users: [
                      {
                        localId: uid,
                        email: account.email,
                        emailVerified: true,
                        validSince: String(account.validSince),
                        disabled: account.disabled,
                      },
                    ],
                  }
                : {},
            ),
          );
          return;
        }
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: `no route ${req.url}` } }));
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
    saved = {
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
      DEMO_MODE: process.env.DEMO_MODE,
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID,
    };
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.DEMO_MODE = "false";
    process.env.FIREBASE_PROJECT_ID = PROJECT;
    resetEnvForTests();
    const app = initializeApp(
      {
        projectId: PROJECT,
        credential: {
          getAccessToken: async () => ({ access_token: "test-access-token", expires_in: 3600 }),
        },
        httpAgent: new LocalAgent(),
      },
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
    accounts.set("prod-user", {
      email: "prod@example.com",
      validSince: Math.floor(Date.now() / 1000) - 600,
      disabled: false,
    });
  });

  const loginWith = (token: string) =>
    call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token });

  it("accepts a token signed with Google's key for this project", async () => {
    const res = await loginWith(signed(claimsFor("prod-user")));
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ uid: "prod-user", email: "prod@example.com" });
  });

  it.each([
    ["signed with another key", () => signed(claimsFor("prod-user"), stranger.privateKey)],
    [
      "naming a key Google does not publish",
      () => signed(claimsFor("prod-user"), keys.privateKey, "unknown-kid"),
    ],
    [
      "with its payload changed after signing",
      () => {
        const [h, , s] = signed(claimsFor("prod-user")).split(".");
        return `${h}.${b64(claimsFor("someone-else"))}.${s}`;
      },
    ],
    ["unsigned, like an emulator token", () => unsignedToken(claimsFor("prod-user"))],
    [
      "for another project",
      () => signed(idTokenClaims("prod-user", "another-project", { email: "prod@example.com" })),
    ],
    [
      "from another issuer",
      () =>
        signed(claimsFor("prod-user", { iss: "https://securetoken.google.com/another-project" })),
    ],
    [
      "expired",
      () =>
        signed(
          claimsFor("prod-user", {
            iat: Math.floor(Date.now() / 1000) - 7200,
            auth_time: Math.floor(Date.now() / 1000) - 7200,
            exp: Math.floor(Date.now() / 1000) - 3600,
          }),
        ),
    ],
    [
      "for an account that was deleted",
      () => signed(claimsFor("deleted-user", { email: "gone@example.com" })),
    ],
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
    const app = initializeApp(
      {
        projectId: PROJECT,
        credential: { getAccessToken: async () => ({ access_token: "x", expires_in: 3600 }) },
        httpAgent: new (class extends HttpsAgent {
          override createConnection(): Socket {
            return netConnect(nowhere, "127.0.0.1");
          }
        })(),
      },
      `prod-test-down-${Date.now()}`,
    );
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
      expect(res.json.firebase).toEqual({
        apiKey: "AIza-test",
        authDomain: "shop.example",
        projectId: PROJECT,
      });
    } finally {
      delete process.env.PUBLIC_FIREBASE_API_KEY;
      delete process.env.PUBLIC_FIREBASE_AUTH_DOMAIN;
      delete process.env.PUBLIC_FIREBASE_PROJECT_ID;
      resetEnvForTests();
    }
  });
});
