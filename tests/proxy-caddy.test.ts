/**
 * HTTPS behind a real reverse proxy: Caddy with its internal CA on 127.0.0.1 in front of two
 * production starts of the build (`npm run serve`), one with TRUST_PROXY and one without. Checks
 * what docs/deploy.md promises a studio: HSTS from the shop, canonical links on the public https
 * origin, the client address taken from X-Forwarded-For only with TRUST_PROXY (and then Caddy's,
 * never what the client wrote; decision 0071), and the demo refusing to start behind it.
 * The session cookies are written by the shop's script (decision 0074): Chromium signs in through
 * Caddy (Google's sign-in endpoints and the shop's login answer played by the test, since nothing
 * here can sign a real Firebase token) and the cookies it is left with are Secure.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumPath } from "../e2e/chromium";
import { type Caddy, caddyInstalled, type Site, startCaddy } from "./helpers/caddy";
import { ensureBuild, freePort, productionEnv, serve, type Served } from "./helpers/serve-built";
import { listening } from "./helpers/start-shop";

const inquiry = JSON.stringify({
  name: "Asha Verma",
  email: "asha@example.com",
  productType: "Varmala preservation",
  colors: "Gold, deep red",
  size: "12 x 12 in",
  budget: "₹8,000",
  description: "Wedding garland from 2 March.",
});

const SHOPPER = { uid: "proxy-shopper", email: "shopper@resintales.example" };

/** An ID token's shape (the SDK reads its claims; only the server checks signatures). */
function unsignedIdToken(): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  const claims = {
    iss: "https://securetoken.google.com/resin-tales-prod",
    aud: "resin-tales-prod",
    auth_time: now,
    user_id: SHOPPER.uid,
    sub: SHOPPER.uid,
    iat: now,
    exp: now + 3600,
    email: SHOPPER.email,
    email_verified: true,
    firebase: { identities: { email: [SHOPPER.email] }, sign_in_provider: "password" },
  };
  return `${part({ alg: "RS256", kid: "test", typ: "JWT" })}.${part(claims)}.c2ln`;
}

/** Google's sign-in endpoints as the Firebase SDK calls them, and the shop's login answer. */
async function fakeGoogleSignIn(context: import("playwright-core").BrowserContext): Promise<void> {
  const cors = {
    "access-control-allow-origin": "*",
    "access-control-allow-headers": "*",
    "access-control-allow-methods": "POST, GET, OPTIONS",
  };
  const idToken = unsignedIdToken();
  const account = {
    localId: SHOPPER.uid,
    email: SHOPPER.email,
    emailVerified: true,
    providerUserInfo: [
      { providerId: "password", email: SHOPPER.email, federatedId: SHOPPER.email },
    ],
    validSince: "0",
    lastLoginAt: String(Date.now()),
    createdAt: String(Date.now()),
  };
  await context.route(/^https:\/\/(identitytoolkit|securetoken)\.googleapis\.com\//, (route) => {
    const url = route.request().url();
    if (route.request().method() === "OPTIONS")
      return route.fulfill({ status: 204, headers: cors });
    const body = url.includes("accounts:signInWithPassword")
      ? {
          kind: "identitytoolkit#VerifyPasswordResponse",
          localId: SHOPPER.uid,
          email: SHOPPER.email,
          idToken,
          registered: true,
          refreshToken: "refresh",
          expiresIn: "3600",
        }
      : url.includes("accounts:lookup")
        ? { users: [account] }
        : {
            access_token: idToken,
            id_token: idToken,
            refresh_token: "refresh",
            expires_in: "3600",
          };
    return route.fulfill({ status: 200, headers: cors, json: body });
  });
  await context.route("**/v2/auth/login", (route) =>
    route.fulfill({
      status: 200,
      json: {
        uid: SHOPPER.uid,
        firstName: "Asha",
        lastName: "Verma",
        displayName: "Asha Verma",
        email: SHOPPER.email,
        phone: "",
        dateOfBirth: "",
        gender: "",
        role: "customer",
        addresses: [],
        cartId: "",
      },
    }),
  );
}

describe("the shop behind Caddy (HTTPS, tls internal)", () => {
  const folders: string[] = [];
  const shops: Served[] = [];
  let caddy: Caddy | undefined;
  let trusted: Site;
  let direct: Site;

  async function startShop(site: Site, more: Record<string, string>): Promise<Served> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "resin-proxy-"));
    folders.push(dataDir);
    const shop = await serve(
      process.cwd(),
      productionEnv(site.upstream, dataDir, {
        PUBLIC_SITE_URL: `https://${site.name}:${site.port}`,
        SEED_DEMO: "false",
        // One inquiry per client address per hour: the second from the same address is refused.
        INQUIRY_LIMIT_PER_HOUR: "1",
        INQUIRY_EMAIL_LIMIT_PER_HOUR: "100",
        ...more,
      }),
    );
    shops.push(shop);
    return shop;
  }

  beforeAll(async () => {
    if (!caddyInstalled())
      throw new Error("Caddy is not installed: `apt-get install -y caddy` (.ci/run does it).");
    await ensureBuild();
    const [a, b, c, d, http] = await Promise.all([1, 2, 3, 4, 5].map(() => freePort()));
    trusted = { name: "shop.localhost", port: a!, upstream: b! };
    direct = { name: "direct.localhost", port: c!, upstream: d! };
    await Promise.all([
      startShop(trusted, { TRUST_PROXY: "true" }),
      startShop(direct, { TRUST_PROXY: "false" }),
    ]);
    caddy = await startCaddy([trusted, direct], http!);
  }, 300_000);

  afterAll(async () => {
    await caddy?.stop();
    await Promise.all(shops.map((s) => s.stop()));
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  }, 60_000);

  it("answers over HTTPS with HSTS and canonical links on the public origin", async () => {
    const home = await caddy!.request(trusted, "/", { headers: { "accept-encoding": "identity" } });
    expect(home.status).toBe(200);
    expect(home.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
    const origin = `https://${trusted.name}:${trusted.port}`;
    expect(home.body).toContain(`<link rel="canonical" href="${origin}/"`);
    expect(home.body).not.toContain(`127.0.0.1:${trusted.upstream}`);
    const ready = await caddy!.request(trusted, "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.headers["strict-transport-security"]).toBeDefined();
  });

  const send = (site: Site, from: string, forwarded?: string) =>
    caddy!.request(site, "/v2/custom-order-email", {
      method: "POST",
      body: inquiry,
      from,
      headers: {
        "content-type": "application/json",
        ...(forwarded ? { "x-forwarded-for": forwarded } : {}),
      },
    });

  it("with TRUST_PROXY counts each client by the address Caddy saw, whatever the client wrote", async () => {
    expect((await send(trusted, "127.0.0.2", "203.0.113.1")).status).toBe(201);
    // Same client, another address written in the header: Caddy replaces it, so still refused.
    const again = await send(trusted, "127.0.0.2", "203.0.113.2");
    expect(again.status).toBe(429);
    // Another client behind the same proxy has its own allowance.
    expect((await send(trusted, "127.0.0.3")).status).toBe(201);
  });

  it("without TRUST_PROXY ignores X-Forwarded-For: every client is the proxy's address", async () => {
    expect((await send(direct, "127.0.0.2")).status).toBe(201);
    expect((await send(direct, "127.0.0.3")).status).toBe(429);
  });

  it("leaves the browser Secure, SameSite=Lax session cookies after a sign-in over HTTPS", async () => {
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: ["--host-resolver-rules=MAP *.localhost 127.0.0.1"],
    });
    try {
      // Caddy's internal CA is not in this browser's store: the test trusts it by hand.
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      await fakeGoogleSignIn(context);
      const page = await context.newPage();
      const origin = `https://${trusted.name}:${trusted.port}`;
      await page.goto(`${origin}/login`);
      // The form's island hydrated (e2e/hydration.ts): it hydrates when touched (decision 0225),
      // so a pointer comes over it first; a click before it would post the bare form.
      await page.getByLabel("Email").dispatchEvent("pointerover");
      await page
        .locator("astro-island:not([ssr])")
        .filter({ has: page.getByLabel("Email") })
        .first()
        .waitFor({ state: "attached", timeout: 30_000 });
      await page.getByLabel("Email").fill(SHOPPER.email);
      await page.getByLabel("Password", { exact: true }).fill("a-long-password");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect
        .poll(async () => (await context.cookies(origin)).map((c) => c.name).sort(), {
          timeout: 30_000,
        })
        .toEqual(expect.arrayContaining(["token", "user"]));
      for (const cookie of (await context.cookies(origin)).filter((c) =>
        ["token", "user"].includes(c.name),
      )) {
        expect(cookie.secure, cookie.name).toBe(true);
        expect(cookie.sameSite, cookie.name).toBe("Lax");
      }
    } finally {
      await browser.close();
    }
  }, 90_000);

  it("refuses to start in demo mode behind the proxy, before it builds or listens", async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), "resin-proxy-demo-"));
    folders.push(dataDir);
    const run = spawnSync("npm", ["start", "--silent"], {
      env: {
        ...productionEnv(port, dataDir),
        FIREBASE_PROJECT_ID: "",
        DEMO_MODE: "true",
        TRUST_PROXY: "true",
        PUBLIC_SITE_URL: `https://${trusted.name}:${trusted.port}`,
        EMULATOR_PORT: String(await freePort()),
      },
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/The demo did not start\. REFUSING TO RUN: .*TRUST_PROXY is true/);
    expect(run.stdout).not.toContain("Building the shop");
    expect(await listening(port)).toBe(false);
    // The production start refuses it too (`npm run serve` never runs the demo).
    const served = spawnSync("npm", ["run", "serve", "--silent"], {
      env: {
        ...productionEnv(port, dataDir),
        DEMO_MODE: "true",
        TRUST_PROXY: "true",
        PUBLIC_SITE_URL: `https://${trusted.name}:${trusted.port}`,
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(served.status).toBe(1);
    expect(served.stderr).toContain("DEMO_MODE is on");
  }, 120_000);
});
