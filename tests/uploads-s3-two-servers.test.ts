/**
 * Two app servers on one PostgreSQL database and one S3 bucket (docs/decisions/0080-media-in-s3.md,
 * docs/deploy.md §9): two real server processes (the build, as `npm start` runs it) with their own
 * data folders share only DATABASE_URL and the bucket (s3rver, which checks request signatures).
 * An image the owner uploads through one is served by the other, byte for byte, and
 * `npm run media:prune -- --apply`, run once beside them, removes from the bucket the upload
 * nothing names and keeps the one a product shows. Runs when TEST_DATABASE_URL names a PostgreSQL
 * server (PGlite is one process per folder); tests/uploads-s3.test.ts covers one process.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { sql } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { startTestAuth, type TestAuth } from "./helpers/auth";
import { type BuiltServer, startBuiltServer } from "./helpers/built-server";
import { createTestDb, type TestDb } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { photo, storedFiles } from "./helpers/uploads";

const OFFSET = Number(process.env.TEST_PORT_OFFSET ?? 0);
/** Ops' own range (31500-31599) when TEST_PORT_OFFSET is 6000 (clean-stop takes 31500-31503). */
const PORTS = [31504, 31505].map((p) => (OFFSET === 6000 ? p : p + (OFFSET % 90)));
const BUCKET = "shop-media";
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }; // s3rver's own test keys

/** Runs a command to its end without blocking this process (which hosts the bucket). */
function run(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.once("exit", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "two app servers on one PostgreSQL and one bucket (skipped without TEST_DATABASE_URL)",
  { timeout: 180_000 },
  () => {
    let t: TestDb;
    let s3: S3rver;
    let auth: TestAuth;
    let token: string;
    let shared: Record<string, string>;
    const folders: string[] = [];
    const servers: BuiltServer[] = [];

    async function bucketKeys(): Promise<string[]> {
      const client = new S3Client({
        region: "us-east-1",
        endpoint: shared.S3_ENDPOINT,
        forcePathStyle: true,
        credentials: KEYS,
      });
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (page.Contents ?? []).map((o) => o.Key!).sort();
    }

    async function upload(server: BuiltServer, bytes: Buffer): Promise<string> {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "photo.png");
      const res = await fetch(`${server.base}/v2/upload-cloud`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const json = (await res.json()) as { secure_url?: string; error?: string };
      expect(res.status, JSON.stringify(json)).toBe(201);
      return json.secure_url!;
    }

    async function folder(prefix: string): Promise<string> {
      const dir = await mkdtemp(join(tmpdir(), prefix));
      folders.push(dir);
      return dir;
    }

    beforeAll(async () => {
      t = await createTestDb("postgres");
      const [row] = (
        (await t.db.execute(sql`select current_database() as name`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      s3 = new S3rver({
        address: "127.0.0.1",
        port: 0,
        silent: true,
        directory: await folder("resin-s3rver-"),
        configureBuckets: [{ name: BUCKET, configs: [] }],
      });
      const address = (await s3.run()) as AddressInfo;
      auth = await startTestAuth(EMULATOR_PORTS.twoServersS3);
      const owner = await auth.createUser("owner-two-servers@example.com");
      token = owner.token;
      await t.db
        .insert(schema.users)
        .values({ id: owner.uid, email: owner.email, role: "tm_admin" });
      shared = {
        DATABASE_URL: url.toString(),
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: KEYS.accessKeyId,
        S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      };
      for (const port of PORTS) {
        const store = { ...shared, DATA_DIR: await folder("resin-app-") };
        servers.push(
          await startBuiltServer(store, port, { FIREBASE_AUTH_EMULATOR_HOST: auth.host }),
        );
      }
    });

    afterAll(async () => {
      for (const server of servers) server.kill();
      await auth?.stop();
      await s3?.close();
      await t?.close();
      for (const dir of folders) await rm(dir, { recursive: true, force: true });
    });

    it("an image uploaded through one server is served by the other; media:prune cleans the bucket once", async () => {
      const [a, b] = servers as [BuiltServer, BuiltServer];
      const kept = await upload(a, await photo(1200, 800).png().toBuffer());
      const unused = await upload(b, await photo(900, 600).png().toBuffer());
      expect(kept).toMatch(/^\/media\/[a-f0-9]{32}\/\d+\.png$/);
      const hash = (url: string) => url.split("/")[2]!;

      const fromA = await fetch(`${a.base}${kept}`);
      const fromB = await fetch(`${b.base}${kept}`);
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get("content-type")).toBe("image/png");
      const bytes = Buffer.from(await fromB.arrayBuffer());
      expect(bytes.byteLength).toBeGreaterThan(1000);
      expect(bytes.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
      expect((await fetch(`${a.base}${unused}`)).status).toBe(200);
      // Nothing went to either server's own folder.
      for (const dir of folders.slice(1)) expect(await storedFiles(dir)).toEqual([]);

      // A product shows the first upload; nothing names the second.
      await t.db
        .insert(schema.products)
        .values({ id: "p-two", name: "Frame", pricePaise: 99_900, sku: "TWO-1" });
      await t.db
        .insert(schema.productImages)
        .values({ id: "img-two", productId: "p-two", url: kept, isPrimary: true });
      // Not spawnSync: s3rver answers from this process's event loop.
      const prune = await run(
        "npm",
        ["run", "--silent", "media:prune", "--", "--apply", "--days", "0"],
        {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? tmpdir(),
          NO_UPDATE_NOTIFIER: "1",
          ...shared,
          DATA_DIR: await folder("resin-prune-"),
        },
      );
      expect(prune.status, prune.stderr).toBe(0);
      expect(prune.stdout).toContain(`deleted ${hash(unused)}`);
      expect(prune.stdout).not.toContain(hash(kept));
      expect(prune.stdout).toMatch(/Deleted 1 unused upload\(s\) from .*; kept 1\./);

      const keys = await bucketKeys();
      expect(keys.filter((k) => k.startsWith(`media/${hash(unused)}/`))).toEqual([]);
      expect(keys).toContain(`media${kept.slice("/media".length)}`);
      expect((await fetch(`${b.base}${unused}`)).status).toBe(404);
      expect((await fetch(`${a.base}${kept}`)).status).toBe(200);
    });
  },
);
