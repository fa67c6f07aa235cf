/**
 * Two demo shops on one machine each keep their own Auth Emulator accounts across a stop
 * (docs/decisions/0069-stops-and-readiness.md). firebase-tools exports on exit through the hub it
 * finds in `<tmp>/hub-<projectId>.json`; shared by both (project demo-resin), the second shop's stop
 * exported the FIRST one's accounts into the second's folder. Each emulator now has its own.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startAuthEmulator, type RunningEmulator } from "~/server/cli/emulator";
import { EMULATOR_PORTS } from "./helpers/ports";

const OFFSET = Number(process.env.TEST_PORT_OFFSET ?? 0);
const folders = {
  a: mkdtempSync(path.join(tmpdir(), "resin-shop-a-")),
  b: mkdtempSync(path.join(tmpdir(), "resin-shop-b-")),
};
const ports = { a: EMULATOR_PORTS.twoShopsA + OFFSET, b: EMULATOR_PORTS.twoShopsB + OFFSET };
const running: RunningEmulator[] = [];

afterAll(async () => {
  await Promise.all(running.map((e) => e.stop()));
  for (const folder of Object.values(folders)) rmSync(folder, { recursive: true, force: true });
});

async function start(shop: "a" | "b"): Promise<RunningEmulator> {
  const emulator = await startAuthEmulator({
    port: ports[shop],
    persistDir: folders[shop],
    quiet: process.env.EMULATOR_QUIET !== "false",
  });
  running.push(emulator);
  return emulator;
}

async function stop(emulator: RunningEmulator): Promise<void> {
  await emulator.stop();
  running.splice(running.indexOf(emulator), 1);
}

async function signUp(emulator: RunningEmulator, email: string): Promise<void> {
  const res = await fetch(
    `http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "two-shops-1", returnSecureToken: true }),
    },
  );
  expect(res.status).toBe(200);
}

async function emails(emulator: RunningEmulator): Promise<string[]> {
  const res = await fetch(
    `http://${emulator.host}/identitytoolkit.googleapis.com/v1/projects/demo-resin/accounts:query`,
    {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer owner" },
      body: JSON.stringify({ returnUserInfo: true }),
    },
  );
  const body = (await res.json()) as { userInfo?: { email: string }[] };
  return (body.userInfo ?? []).map((u) => u.email).sort();
}

describe("two demo shops on one machine", () => {
  it("each keeps its own emulator accounts across a stop, whichever stops first", async () => {
    const a = await start("a");
    const b = await start("b");
    await signUp(a, "only-in-a@example.com");
    await signUp(b, "only-in-b@example.com");

    await stop(b); // while a still runs: b must export its own accounts, not a's
    await stop(a);

    const b2 = await start("b");
    expect(await emails(b2)).toEqual(["only-in-b@example.com"]);
    const a2 = await start("a");
    expect(await emails(a2)).toEqual(["only-in-a@example.com"]);
  }, 300_000);
});
