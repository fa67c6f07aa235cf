import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDb } from "./client";

const migrationsDir = "src/server/db/migrations";

describe("PGlite data folder lock", () => {
  it("refuses a second opener while the first holds the folder, and frees it on close", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "resin-lock-"));
    const lock = path.join(dataDir, "pglite.lock");
    const first = await openDb({ dataDir, migrationsDir });
    expect(readFileSync(lock, "utf8")).toBe(String(process.pid));
    // Another live process owns it: pretend the lock belongs to our parent.
    writeFileSync(lock, String(process.ppid));
    await expect(openDb({ dataDir, migrationsDir })).rejects.toThrow(/in use by process/);
    writeFileSync(lock, String(process.pid));
    await first.close();
    expect(existsSync(lock)).toBe(false);
  });

  it("takes over a lock left behind by a process that is gone", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "resin-lock-"));
    writeFileSync(path.join(dataDir, "pglite.lock"), "999999999");
    const handle = await openDb({ dataDir, migrationsDir });
    expect(readFileSync(path.join(dataDir, "pglite.lock"), "utf8")).toBe(String(process.pid));
    await handle.close();
  });
});
