/**
 * A clean stop under load (docs/decisions/0113-clean-stops-under-load.md), on the built server as
 * `npm start` runs it: while forty clients keep sending custom-order inquiries (each one a row and
 * an outbox mail in one transaction), SIGTERM reaches the server. It stops accepting, answers every
 * request it had taken, runs its stop steps and exits 0; afterwards the database opens cleanly and
 * holds exactly one inquiry per answered 201 (none half-written, none answered and lost). Three of
 * the requests are still sending their body when SIGTERM arrives, and are answered after it.
 * And a background round under way when SIGTERM arrives is finished before the database closes,
 * with no new round after it (stopBackgroundJobs). PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDb, schema } from "~/server/db/client";
import { logLines, startBuiltServer } from "./helpers/built-server";
import { dbKinds } from "./helpers/db";
import { startFakeSmtp } from "./helpers/fake-smtp";

const OFFSET = Number(process.env.TEST_PORT_OFFSET ?? 0);
/** Ops' own range (31500-31599) when TEST_PORT_OFFSET is 6000, else a quiet default. */
const BASE_PORT = OFFSET === 6000 ? 31500 : 31500 + (OFFSET % 90);
const MIGRATIONS = "src/server/db/migrations";

const INQUIRY = {
  name: "Load Tester",
  email: "load@example.com",
  productType: "Frame",
  description: "A request sent while the server stops.",
};

/**
 * An inquiry whose body arrives in two parts: `taken` once the server has taken it (its 100 Continue
 * to `Expect: 100-continue`), the first half then, the rest when `finish` is called; the server
 * holds it in flight in between. On PGlite a whole request from an API client runs within one
 * turn of the event loop (the database answers synchronously and API requests do no file look-up:
 * docs/decisions/0330-api-requests-skip-the-file-look-up.md), so the looping clients alone may
 * have none in flight at the moment SIGTERM is handled.
 */
function slowInquiry(base: string) {
  const body = Buffer.from(JSON.stringify(INQUIRY));
  const half = Math.floor(body.length / 2);
  const req = request(new URL("/v2/custom-order-email", base), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "content-length": String(body.length),
      expect: "100-continue",
    },
  });
  const taken = new Promise<void>((resolve) =>
    req.on("continue", () => {
      req.write(body.subarray(0, half));
      resolve();
    }),
  );
  const status = new Promise<number>((resolve, reject) => {
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
  req.flushHeaders();
  return { taken, finish: () => req.end(body.subarray(half)), status };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Where the server keeps its data: a PGlite folder, or a fresh PostgreSQL database. */
async function freshStore(kind: "pglite" | "postgres"): Promise<Record<string, string>> {
  if (kind === "pglite") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "resin-stop-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const handle = await openDb({ dataDir, migrationsDir: MIGRATIONS });
    await handle.close();
    return { DATA_DIR: dataDir };
  }
  const { default: pg } = await import("pg");
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `resin_stop_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = await openDb({ url: url.toString(), migrationsDir: MIGRATIONS });
  await handle.close();
  const dataDir = mkdtempSync(path.join(tmpdir(), "resin-stop-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
}

async function inquiries(store: Record<string, string>): Promise<number> {
  const handle = await openDb({
    url: store.DATABASE_URL,
    dataDir: store.DATA_DIR,
    migrationsDir: MIGRATIONS,
  });
  try {
    const [row] = await handle.db.select({ n: count() }).from(schema.customInquiries);
    return Number(row?.n ?? 0);
  } finally {
    await handle.close();
  }
}

/** The built server on `store`, with this suite's limits; killed after the suite if still running. */
async function startServer(
  store: Record<string, string>,
  port: number,
  more: Record<string, string> = {},
) {
  const started = await startBuiltServer(store, port, {
    INQUIRY_LIMIT_PER_HOUR: "1000000",
    INQUIRY_EMAIL_LIMIT_PER_HOUR: "1000000",
    ...more,
  });
  cleanups.push(started.kill);
  return started;
}

describe.each(dbKinds)("a clean stop under load on %s", (kind) => {
  it("SIGTERM with requests in flight: every taken request is answered, then the database closes and the process exits 0", async () => {
    const store = await freshStore(kind);
    const { server, output, exited, base, deadline } = await startServer(
      store,
      BASE_PORT + (kind === "pglite" ? 0 : 1),
    );

    let stopping = false;
    const answered: number[] = [];
    const failures: string[] = [];
    const client = async () => {
      while (Date.now() < deadline + 120_000) {
        try {
          const res = await fetch(`${base}/v2/custom-order-email`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(INQUIRY),
          });
          await res.arrayBuffer();
          answered.push(res.status);
        } catch (error) {
          // After the stop began, a refused or closed connection is the stop doing its job.
          if (!stopping) failures.push(String((error as Error).cause ?? error));
          return;
        }
      }
    };
    const load = Array.from({ length: 40 }, client);
    await new Promise((r) => setTimeout(r, 1_500));
    const slow = Array.from({ length: 3 }, () => slowInquiry(base));
    await Promise.all(slow.map((inquiry) => inquiry.taken));
    stopping = true;
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    for (const inquiry of slow) inquiry.finish();
    answered.push(...(await Promise.all(slow.map((inquiry) => inquiry.status))));
    await Promise.all(load);
    const code = await exited;

    expect(failures).toEqual([]);
    expect(code, output().slice(-2000)).toBe(0);
    const lines = logLines(output());
    const begun = lines.find((l) => l.msg?.includes("SIGTERM: stopping"));
    expect(begun?.msg).toMatch(/finishing [1-9]\d* in flight/);
    expect(lines.some((l) => l.msg?.startsWith("[server] stopped cleanly"))).toBe(true);
    expect(lines.some((l) => l.msg?.includes("still running after"))).toBe(false);
    expect(answered.filter((s) => s >= 500)).toEqual([]);
    const created = answered.filter((s) => s === 201).length;
    expect(created).toBeGreaterThan(0);
    if (kind === "pglite")
      expect(existsSync(path.join(store.DATA_DIR!, "pglite.lock"))).toBe(false);
    expect(await inquiries(store)).toBe(created);
  }, 180_000);
});

/**
 * The mail sender claims a batch of 20 due mails (one update) and sends them one by one, marking
 * each sent. A slow mail server (a second per message) keeps that round going when SIGTERM
 * arrives: the stop waits for it (all 20 sent and marked before the database closes, none left
 * claimed but unsent), and no new round claims the 5 mails that were not in the batch.
 */
describe.each(dbKinds)("a clean stop during a background round on %s", (kind) => {
  it("SIGTERM mid-round: the round finishes, then the database closes; no new round starts", async () => {
    const store = await freshStore(kind);
    const handle = await openDb({
      url: store.DATABASE_URL,
      dataDir: store.DATA_DIR,
      migrationsDir: MIGRATIONS,
    });
    const first = Date.now() - 60_000;
    await handle.db.insert(schema.outbox).values(
      Array.from({ length: 25 }, (_, i) => ({
        id: `mail-${String(i).padStart(2, "0")}`,
        to: "owner@example.com",
        subject: `Mail ${i}`,
        body: "Sent by the background round.",
        createdAt: new Date(first + i * 1_000),
        nextAttemptAt: new Date(first),
      })),
    );
    await handle.close();
    const smtp = await startFakeSmtp(1_000);
    cleanups.push(() => smtp.close());

    const { server, output, exited, base } = await startServer(
      store,
      BASE_PORT + (kind === "pglite" ? 2 : 3),
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Shop <shop@example.com>" },
    );
    // A request through the Astro middleware starts the jobs; their first round begins a second later.
    await fetch(`${base}/readyz`).then((r) => r.arrayBuffer());
    const begun = Date.now();
    while (smtp.messages.length < 2) {
      expect(Date.now() - begun < 60_000, `no mail went out:\n${output()}`).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
    }
    server.kill("SIGTERM");
    const code = await exited;

    expect(code, output().slice(-2000)).toBe(0);
    const lines = logLines(output());
    expect(lines.some((l) => l.msg?.startsWith("[server] stopped cleanly"))).toBe(true);
    expect(lines.filter((l) => /\[mail\]|\[jobs\]/.test(l.msg ?? ""))).toEqual([]);
    expect(smtp.messages).toHaveLength(20);
    if (kind === "pglite")
      expect(existsSync(path.join(store.DATA_DIR!, "pglite.lock"))).toBe(false);

    const after = await openDb({
      url: store.DATABASE_URL,
      dataDir: store.DATA_DIR,
      migrationsDir: MIGRATIONS,
    });
    try {
      const rows = await after.db.select().from(schema.outbox).orderBy(schema.outbox.id);
      const sent = rows.filter((r) => r.sentAt !== null);
      expect(sent.map((r) => r.id)).toEqual(rows.slice(0, 20).map((r) => r.id));
      expect(rows.filter((r) => r.sentAt === null && r.attempts > 0)).toEqual([]);
      expect(rows.slice(20).map((r) => r.attempts)).toEqual([0, 0, 0, 0, 0]);
    } finally {
      await after.close();
    }
  }, 180_000);
});
