/**
 * `npm run build`, then the built output alone: dist/ with package.json and package-lock.json in
 * a clean folder, `npm install --omit=dev` (from the registry, or npm's cache), `npm run serve`
 * outside demo mode, and the shop answers /readyz and its pages. No dev dependency (tsx, Astro's
 * checker, Vitest, the Firebase CLI) is there to lean on. docs/decisions/0115-serve-the-build.md
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SEED_SKIPPED } from "~/server/seed/demo-seed-choice";
import { ensureBuild, freePort, productionEnv, serve, type Served } from "./helpers/serve-built";

describe("the build served alone with production dependencies", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "resin-serve-"));
  let shop: Served | undefined;
  let port: number;

  beforeAll(async () => {
    await ensureBuild();
    for (const item of ["dist", "package.json", "package-lock.json"])
      cpSync(item, path.join(folder, item), { recursive: true });
    const install = spawnSync("npm", ["install", "--omit=dev", "--no-audit", "--no-fund"], {
      cwd: folder,
      encoding: "utf8",
      timeout: 240_000,
      env: { ...process.env, NODE_ENV: "production" },
    });
    expect(install.status, `${install.stdout}\n${install.stderr}`).toBe(0);
  }, 300_000);

  // Removing a whole node_modules takes a while on a busy disk.
  afterAll(async () => {
    await shop?.stop();
    await rm(folder, { recursive: true, force: true });
  }, 180_000);

  it("installs no dev dependency", () => {
    for (const dev of ["vitest", "@biomejs/biome", "firebase-tools", "@playwright/test", "node"])
      expect(existsSync(path.join(folder, "node_modules", dev)), dev).toBe(false);
    expect(existsSync(path.join(folder, "node_modules", "astro"))).toBe(true);
  });

  it("is built for production whatever NODE_ENV started the build (this one runs under Vitest's)", () => {
    // React's development JSX in the server's code fails with the production React the server
    // runs (SERVER_ENV's NODE_ENV): every page with a React part answered 500.
    const chunks = path.join(folder, "dist", "server", "chunks");
    const dev = readdirSync(chunks).filter((file) =>
      readFileSync(path.join(chunks, file), "utf8").includes("jsxDEV"),
    );
    expect(dev).toEqual([]);
  });

  it("starts with `npm run serve` and serves /readyz, a page and a stylesheet", async () => {
    port = await freePort();
    shop = await serve(folder, productionEnv(port, path.join(folder, "data")));
    expect(shop.output()).toContain(`The shop is running at http://localhost:${port}`);
    // Production with default settings: no demo catalogue (docs/limits-and-readiness.md).
    expect(shop.output()).toContain(DEMO_SEED_SKIPPED.trim());

    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", checks: { database: "ok" } });

    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('<link rel="canonical" href="https://shop.resintales.example/"');
    const css = /href="(\/_astro\/[^"]+\.css)"/.exec(html)?.[1];
    expect(css).toBeDefined();
    expect((await fetch(`http://127.0.0.1:${port}${css}`)).status).toBe(200);
    // A page whose form the server renders with React.
    expect((await fetch(`http://127.0.0.1:${port}/login`)).status).toBe(200);

    // SIGTERM stops the server and the start together, cleanly.
    expect(await shop.stop()).toBe(0);
    expect(existsSync(path.join(folder, "data", "pglite.lock"))).toBe(false);
  }, 240_000);

  it("refuses demo mode: it has no Auth Emulator and says to use npm start", () => {
    const run = spawnSync("npm", ["run", "serve", "--silent"], {
      cwd: folder,
      env: productionEnv(4999, path.join(folder, "data"), {
        FIREBASE_PROJECT_ID: "",
        DEMO_MODE: "true",
      }),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("The shop cannot start: 1 setting(s) to fix.");
    expect(run.stderr).toContain("DEMO_MODE is on");
    expect(run.stderr).toContain("run `npm start` from a full checkout");
  }, 90_000);
});
