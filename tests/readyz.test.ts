/**
 * /readyz covers what a signed-in shopper needs (docs/decisions/0069-stops-and-readiness.md): the
 * database, the Auth Emulator in demo mode, the media store. Each missing part is a 503 naming it.
 * A database that reads but cannot commit a write, and a media folder that cannot take a file (a
 * full disk), are not ready either; the write probes are cached for a few seconds
 * (docs/limits-and-readiness.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { readyz } from "~/server/health.server";
import { forgetProbesForTests, PROBE_TEXTS } from "~/server/readiness-probes.server";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

const saved = { ...process.env };
const scratch = mkdtempSync(path.join(tmpdir(), "resin-readyz-"));

function setEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
}

/** A stand-in for the Auth Emulator's root answer. */
function fakeEmulator(ready: boolean): Promise<{ server: Server; host: string }> {
  const server = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ authEmulator: { ready } }));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, host: `127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each(dbKinds)("/readyz on %s", (kind) => {
  let t: TestDb;
  let emulator: { server: Server; host: string };
  beforeAll(async () => {
    t = await createTestDb(kind);
    emulator = await fakeEmulator(true);
  });
  afterAll(async () => {
    await t.close();
    emulator.server.close();
  });
  beforeEach(forgetProbesForTests);
  afterEach(() =>
    setEnv({
      FIREBASE_AUTH_EMULATOR_HOST: saved.FIREBASE_AUTH_EMULATOR_HOST,
      DATA_DIR: saved.DATA_DIR,
      CLOUDINARY_URL: saved.CLOUDINARY_URL,
    }),
  );

  it("is ready when the database, the emulator and the media folder answer", async () => {
    setEnv({
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      DATA_DIR: scratch,
      CLOUDINARY_URL: undefined,
    });
    const res = await readyz();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: "ready",
      checks: { database: "ok", identity: "ok", media: "ok" },
    });
  });

  it("answers 503 naming the Auth Emulator when nothing answers on its address", async () => {
    const gone = await fakeEmulator(true);
    const host = gone.host;
    await new Promise((r) => gone.server.close(r));
    setEnv({ FIREBASE_AUTH_EMULATOR_HOST: host, DATA_DIR: scratch, CLOUDINARY_URL: undefined });
    const res = await readyz();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      status: "unavailable",
      checks: { database: "ok", identity: `The Auth Emulator at ${host} did not answer.` },
    });
  });

  it("answers 503 naming the media store when its folder cannot be written", async () => {
    const file = path.join(scratch, "not-a-folder");
    writeFileSync(file, "");
    setEnv({
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      DATA_DIR: path.join(file, "data"),
      CLOUDINARY_URL: undefined,
    });
    const res = await readyz();
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toMatchObject({ checks: { media: PROBE_TEXTS.mediaWrite } });
    expect(body.checks.identity).toBeUndefined(); // production: Firebase itself is not probed
  });

  it("answers 503 naming the media store when its folder takes no file (media is a file here)", async () => {
    const dataDir = mkdtempSync(path.join(scratch, "media-file-"));
    writeFileSync(path.join(dataDir, "media"), "");
    setEnv({
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      DATA_DIR: dataDir,
      CLOUDINARY_URL: undefined,
    });
    const res = await readyz();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      status: "unavailable",
      checks: { database: "ok", media: PROBE_TEXTS.mediaWrite },
    });
  });

  it("says why when DATA_DIR does not exist", async () => {
    const missing = path.join(scratch, "no-such-folder");
    setEnv({
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      DATA_DIR: missing,
      CLOUDINARY_URL: undefined,
    });
    const res = await readyz();
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.checks.media).toBe(PROBE_TEXTS.dataDirMissing(missing));
    expect(body.error).toContain(`DATA_DIR (${missing}) does not exist`);
  });

  it("answers 503 naming the database when it reads but cannot commit a write", async () => {
    setEnv({
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      DATA_DIR: scratch,
      CLOUDINARY_URL: undefined,
    });
    // A trigger refusing every write of the probe's table, as a full or read-only disk would.
    await t.db.execute(sql`create function refuse_writes() returns trigger language plpgsql as
      $$ begin raise exception 'could not extend file: No space left on device'; end $$`);
    await t.db.execute(sql`create trigger disk_full before insert or update on rate_limits
      for each row execute function refuse_writes()`);
    try {
      const res = await readyz();
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        status: "unavailable",
        checks: { database: PROBE_TEXTS.databaseWrite, media: "ok" },
      });
    } finally {
      await t.db.execute(sql`drop trigger disk_full on rate_limits`);
      await t.db.execute(sql`drop function refuse_writes()`);
    }
  });

  it("writes its probes once for a burst of calls (cached for a few seconds)", async () => {
    setEnv({
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      DATA_DIR: scratch,
      CLOUDINARY_URL: undefined,
    });
    const count = async () => {
      const [row] = await t.db
        .select()
        .from(schema.rateLimits)
        .where(eq(schema.rateLimits.key, "readyz"));
      return row?.count ?? 0;
    };
    const before = await count();
    for (let i = 0; i < 10; i++) expect((await readyz()).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});
