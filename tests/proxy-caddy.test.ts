/**
 * HTTPS behind a real reverse proxy: Caddy with its internal CA on 127.0.0.1 in front of two
 * production starts of the build (`npm run serve`), one with TRUST_PROXY and one without. Checks
 * what docs/deploy.md promises a studio: HSTS from the shop, canonical links on the public https
 * origin, the client address taken from X-Forwarded-For only with TRUST_PROXY (and then Caddy's,
 * never what the client wrote; decision 0071), and the demo refusing to start behind it.
 * The session cookies are the browser's (decision 0074): e2e/proxy.spec.ts checks they are Secure.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    ensureBuild();
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
    expect(run.stderr).toMatch(/REFUSING TO RUN: .*TRUST_PROXY is true/);
    expect(run.stderr).toContain("The demo did not start");
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
