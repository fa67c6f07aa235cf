/**
 * With S3_BUCKET set, uploads go to an S3-compatible bucket (docs/decisions/0080-media-in-s3.md),
 * here a local S3 server (s3rver, which checks request signatures as S3 does) on 127.0.0.1:
 * nothing is written to the data folder, another app server (another data folder, the same
 * bucket) serves the image, and media:prune lists and removes unused uploads in the bucket.
 * Who may upload is tests/uploads.test.ts's job; here the token check is stubbed.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pruneMedia } from "~/features/media/media-prune.server";
import { resetEnvForTests } from "~/server/env";
import { addOwner, createTestDb, type TestDb } from "./helpers/db";
import { apiContext, photo, postFile, storedFiles } from "./helpers/uploads";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const uploadRoute = await import("~/pages/v2/upload-cloud");
const mediaRoute = await import("~/pages/media/[...path]");
const VARIABLES = [
  "DATA_DIR",
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_PUBLIC_URL",
];
const saved = VARIABLES.map((k) => [k, process.env[k]] as const);
const BUCKET = "shop-media";

let s3: S3rver;
let endpoint: string;
let s3Dir: string;
let serverA: string;
let serverB: string;
let t: TestDb;

/** Points the app at a data folder ("an app server") and the shared bucket. */
function useServer(dataDir: string) {
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER", // s3rver's own test keys; requests are signed with them
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
  resetEnvForTests();
}

async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

async function getMedia(url: string): Promise<Response> {
  const path = url.replace(/^\/media\//, "");
  const request = new Request(`http://127.0.0.1:4321${url}`);
  return mediaRoute.GET!(apiContext(request, { path }));
}

beforeAll(async () => {
  s3Dir = await mkdtemp(join(tmpdir(), "resin-s3rver-"));
  serverA = await mkdtemp(join(tmpdir(), "resin-app-a-"));
  serverB = await mkdtemp(join(tmpdir(), "resin-app-b-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  t = await createTestDb("pglite");
  await addOwner(t.db, "owner");
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
  for (const [key, value] of saved) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  for (const dir of [s3Dir, serverA, serverB]) await rm(dir, { recursive: true, force: true });
});

describe("uploads in an S3-compatible bucket", () => {
  let url: string;

  it("stores every variant in the bucket and nothing in the data folder", async () => {
    useServer(serverA);
    const answer = await postFile(uploadRoute.POST!, await photo(1200, 800).png().toBuffer(), {
      token: "test:owner",
    });
    expect(answer.status).toBe(201);
    url = answer.json.secure_url!;
    expect(url).toMatch(/^\/media\/[a-f0-9]{32}\/\d+\.png$/);
    const hash = url.split("/")[2];
    const keys = await bucketKeys();
    expect(keys).toContain(`media${url.slice("/media".length)}`);
    expect(keys.filter((k) => k.startsWith(`media/${hash}/`)).length).toBeGreaterThan(1);
    expect(await storedFiles(serverA)).toEqual([]);
  });

  it("is served by another app server that shares only the bucket", async () => {
    useServer(serverB);
    const response = await getMedia(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(1000);
    expect((await getMedia(url.replace(/\/\d+\.png$/, "/9999.png"))).status).toBe(404);
  });

  // docs/decisions/0116-s3-public-url.md: bytes from the bucket's public address, URLs unchanged.
  it("with S3_PUBLIC_URL redirects /media to the bucket's public address, and the CSP allows it", async () => {
    useServer(serverB);
    process.env.S3_PUBLIC_URL = `${endpoint}/${BUCKET}/`;
    resetEnvForTests();
    try {
      const response = await getMedia(url);
      expect(response.status).toBe(301);
      const location = response.headers.get("location")!;
      expect(location).toBe(`${endpoint}/${BUCKET}/media${url.slice("/media".length)}`);
      const direct = await fetch(location);
      expect(direct.status).toBe(200);
      expect((await direct.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      expect((await getMedia("/media/not-a-hash/12.png")).status).toBe(404);
      const { contentSecurityPolicy } = await import("~/server/security-headers.server");
      expect(contentSecurityPolicy()).toMatch(new RegExp(`img-src [^;]*${endpoint}`));
    } finally {
      delete process.env.S3_PUBLIC_URL;
      resetEnvForTests();
    }
  });

  it("media:prune finds the unused upload in the bucket and removes all its files", async () => {
    useServer(serverB);
    const hash = url.split("/")[2]!;
    const later = Date.now() + 30 * 24 * 60 * 60 * 1000;
    const dry = await pruneMedia(t.db, { apply: false, now: later });
    expect(dry.unused).toEqual([hash]);
    expect((await bucketKeys()).length).toBeGreaterThan(0);
    await pruneMedia(t.db, { apply: true, now: later });
    expect(await bucketKeys()).toEqual([]);
    expect((await getMedia(url)).status).toBe(404);
  });
});
