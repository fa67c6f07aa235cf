/**
 * A demo's sign-ups survive a crash (docs/decisions/0171-relink-by-verified-email.md): an account
 * made after start is saved by keepEmulatorAccounts, so after a kill -9 (no export on exit) the
 * next emulator, importing the same folder, still has it; an unchanged list is not saved again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EMULATOR_PORTS } from "../../../tests/helpers/ports";
import { DEMO_PROJECT_ID, startAuthEmulator, type RunningEmulator } from "./emulator";
import { keepEmulatorAccounts } from "./emulator-save";
import { stopChild } from "./processes";

const port = EMULATOR_PORTS.emulatorSave + Number(process.env.TEST_PORT_OFFSET ?? 0);
const dir = mkdtempSync(path.join(tmpdir(), "emulator-save-"));
const api = `http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1`;

const signUp = (email: string) =>
  fetch(`${api}/accounts:signUp?key=test`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "test-password-1", returnSecureToken: true }),
  });
const signIn = (email: string) =>
  fetch(`${api}/accounts:signInWithPassword?key=test`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "test-password-1", returnSecureToken: true }),
  });

let emulator: RunningEmulator | undefined;
afterAll(async () => {
  if (emulator) await stopChild(emulator.child, "SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("keeping the Auth Emulator's accounts across a crash", () => {
  it("an account saved while running is there after a kill -9 and a new start", async () => {
    emulator = await startAuthEmulator({ port, persistDir: dir, quiet: true });
    const saver = keepEmulatorAccounts(port, dir, 3_600_000);
    try {
      expect((await signUp("kept@example.com")).status).toBe(200);
      expect(await saver.saveIfChanged()).toBe(true);
      expect(await saver.saveIfChanged()).toBe(false);
    } finally {
      saver.stop();
    }
    await stopChild(emulator.child, "SIGKILL");
    emulator = await startAuthEmulator({ port, persistDir: dir, quiet: true });
    const again = await signIn("kept@example.com");
    expect(again.status).toBe(200);
    expect(((await again.json()) as { email: string }).email).toBe("kept@example.com");
    expect(DEMO_PROJECT_ID).toBe("demo-resin");
  }, 240_000);
});
