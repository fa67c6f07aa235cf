/**
 * Every way of stopping `npm start` stops everything it started (docs/decisions/0069-stops-and-readiness.md):
 * SIGTERM to the npm process, to the wrapper, to the server, to the process group, Ctrl-C (SIGINT
 * to the process group), and npm killed outright. After each: the database closed (PGlite's lock
 * released), the emulator's and the shop's ports closed, no process left. A server that dies takes
 * the emulator down with it and the wrapper exits non-zero with a clear line.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EMULATOR_PORTS } from "./helpers/ports";
import {
  alive,
  cleanUpShops,
  listening,
  startShop,
  until,
  type Started,
} from "./helpers/start-shop";

const OFFSET = Number(process.env.TEST_PORT_OFFSET ?? 0);
const place = {
  shopPort: Number(process.env.TEST_START_PORT ?? 4391) + OFFSET,
  emulatorPort: EMULATOR_PORTS.startStop + OFFSET,
};

afterAll(cleanUpShops);
/** The first test's folder: the next start must find nothing to recover in it. */
let firstDataDir: string | undefined;

/** Everything the start made is gone and the next start has nothing to recover. */
async function expectAllStopped(shop: Started, serverKilled = false): Promise<void> {
  await shop.exited;
  expect(await until(() => alive(shop.pids).length === 0, 15_000)).toBe(true);
  // A server killed outright cannot release its lock; the next start recovers it (PGlite).
  if (!serverKilled) expect(existsSync(path.join(shop.dataDir, "pglite.lock"))).toBe(false);
  expect(await listening(place.emulatorPort)).toBe(false);
  expect(await listening(place.shopPort)).toBe(false);
}

describe("npm start", () => {
  it("answers /healthz and /readyz, and SIGTERM to the wrapper stops everything, exit 0", async () => {
    const shop = await startShop(place, { via: "node" });
    firstDataDir = shop.dataDir;
    const health = await fetch(`http://127.0.0.1:${place.shopPort}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    const ready = await fetch(`http://127.0.0.1:${place.shopPort}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: "ready",
      migrations: { applied: expect.any(Number) },
    });
    expect(existsSync(path.join(shop.dataDir, "pglite.lock"))).toBe(true);
    expect(await listening(place.emulatorPort)).toBe(true);

    process.kill(shop.top.pid!, "SIGTERM");
    expect((await shop.exited).code).toBe(0);
    expect(shop.output()).toContain("SIGTERM: stopping...");
    await expectAllStopped(shop);
  }, 240_000);

  it("starts again on the same folder; SIGTERM to the npm process (what process managers send) stops everything", async () => {
    const shop = await startShop(place, { via: "npm", dataDir: firstDataDir });
    // npm hands the signal straight to the wrapper: `npm start` execs it, no shell in between.
    expect(shop.wrapper().ppid).toBe(shop.top.pid);
    process.kill(shop.top.pid!, "SIGTERM");
    await expectAllStopped(shop);
    expect(shop.output()).toContain("SIGTERM: stopping...");
  }, 240_000);

  it("SIGTERM to the process group stops everything", async () => {
    const shop = await startShop(place, { via: "npm" });
    process.kill(-shop.top.pid!, "SIGTERM");
    await expectAllStopped(shop);
  }, 240_000);

  it("Ctrl-C (SIGINT to the terminal's process group) stops everything", async () => {
    const shop = await startShop(place, { via: "npm" });
    process.kill(-shop.top.pid!, "SIGINT");
    await expectAllStopped(shop);
    expect(shop.output()).toContain("SIGINT: stopping...");
  }, 240_000);

  it("npm killed outright: the wrapper sees its parent gone and stops everything", async () => {
    const shop = await startShop(place, { via: "npm" });
    const wrapper = shop.wrapper();
    process.kill(shop.top.pid!, "SIGKILL");
    expect(await until(() => alive([wrapper.pid]).length === 0, 30_000)).toBe(true);
    await expectAllStopped(shop);
  }, 240_000);

  it("SIGTERM to the server stops the emulator and the wrapper, exit 0", async () => {
    const shop = await startShop(place, { via: "node" });
    process.kill(shop.server().pid, "SIGTERM");
    expect((await shop.exited).code).toBe(0);
    expect(shop.output()).toContain(
      "The shop server was stopped (exit code 0); stopping the Auth Emulator and exiting.",
    );
    await expectAllStopped(shop);
  }, 240_000);

  it("a server that dies stops the emulator and exits non-zero", async () => {
    const shop = await startShop(place, { via: "node" });
    process.kill(shop.server().pid, "SIGKILL");
    expect((await shop.exited).code).not.toBe(0);
    expect(shop.output()).toMatch(
      /The shop server stopped unexpectedly \(SIGKILL\); stopping the Auth Emulator and exiting\./,
    );
    await expectAllStopped(shop, true);
  }, 240_000);
});
