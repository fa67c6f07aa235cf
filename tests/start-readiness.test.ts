/**
 * What `npm start` says and what /readyz answers (docs/decisions/0069-stops-and-readiness.md): the
 * DEMO MODE warning once, in the final banner with the address and the demo accounts; /readyz names
 * the Auth Emulator when it is gone, the wrapper starts a dead emulator again, says so, and puts the
 * demo accounts back.
 */
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_SHOPPER } from "~/server/auth/demo";
import { EMULATOR_PORTS } from "./helpers/ports";
import { cleanUpShops, startShop, until } from "./helpers/start-shop";

const OFFSET = Number(process.env.TEST_PORT_OFFSET ?? 0);
const place = {
  shopPort: Number(process.env.TEST_START_PORT ?? 4391) + 1 + OFFSET,
  emulatorPort: EMULATOR_PORTS.startReadiness + OFFSET,
};

afterAll(cleanUpShops);

const count = (text: string, part: string) => text.split(part).length - 1;

async function readyz(): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${place.shopPort}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signInAsShopper(): Promise<number> {
  const res = await fetch(
    `http://127.0.0.1:${place.emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: DEMO_SHOPPER.email,
        password: DEMO_SHOPPER.password,
        returnSecureToken: true,
      }),
    },
  );
  return res.status;
}

describe("npm start in demo mode", () => {
  it("prints DEMO MODE once, in the final banner; restarts a dead emulator, and /readyz says so meanwhile", async () => {
    const shop = await startShop(place, { via: "npm", env: { SEED_DEMO: "true" } });
    const text = shop.output();
    expect(count(text, "DEMO MODE")).toBe(1);
    expect(count(text, "Never expose this server to a network")).toBe(1);
    const banner = text.slice(text.indexOf("DEMO MODE"));
    expect(text.indexOf("DEMO MODE")).toBeGreaterThan(text.indexOf("Server listening"));
    expect(banner).toContain(`The shop is running at http://localhost:${place.shopPort}`);
    expect(banner).toContain(DEMO_SHOPPER.email);
    // The banner ends the wrapper's output; only the server's own log lines may follow it (the
    // access line of the first page, which the wrapper asked for, can land after the banner).
    const end = banner.indexOf("Press Ctrl-C to stop.");
    expect(end).toBeGreaterThan(-1);
    const after = banner.slice(end + "Press Ctrl-C to stop.".length).split("\n");
    expect(after.filter((line) => line.trim() && !/ (INFO|WARN) /.test(line))).toEqual([]);

    expect(await readyz()).toMatchObject({
      status: 200,
      body: { status: "ready", checks: { database: "ok", identity: "ok", media: "ok" } },
    });
    expect(await signInAsShopper()).toBe(200);

    // The emulator dies (its whole process group, as the OOM killer or a stray kill would).
    process.kill(-shop.emulator().pid, "SIGKILL");
    const seen = await until(async () => (await readyz()).status === 503, 20_000);
    expect(seen).toBe(true);
    const said = "The Auth Emulator stopped unexpectedly (SIGKILL); starting it again on";
    expect(await until(() => shop.output().includes(said), 10_000)).toBe(true);
    const down = await readyz();
    expect(down.body).toMatchObject({ status: "unavailable" });
    expect((down.body.checks as Record<string, string>).identity).toContain("did not answer");

    expect(await until(() => shop.output().includes("The Auth Emulator is back"), 120_000)).toBe(
      true,
    );
    expect(await readyz()).toMatchObject({ status: 200, body: { status: "ready" } });
    // Its accounts were never exported (killed outright): the demo accounts are put back.
    expect(await signInAsShopper()).toBe(200);

    process.kill(shop.top.pid!, "SIGTERM");
    await shop.exited;
    expect(shop.output()).toContain("SIGTERM: stopping...");
  }, 360_000);
});
