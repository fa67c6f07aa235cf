/**
 * The production start's settings check: every problem that would make the shop unsafe or broken
 * once it is online, one sentence each, found before it listens. `npm start` outside demo mode
 * stops on any; `npm run check-config` prints the same without starting. Demo mode has its own
 * guard (src/server/auth/firebase-admin.server.ts). docs/operations.md "Going live" lists the settings.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { envSchema } from "./env";
import { paymentConfig } from "./payments/config.server";

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/** Problems with the settings in process.env; an empty list means ready. */
export async function configProblems(): Promise<string[]> {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    return parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.DEMO_MODE) {
    problems.push(
      "DEMO_MODE is on: the demo trusts the Auth Emulator's unsigned tokens and must never face a network. Set FIREBASE_PROJECT_ID (and leave DEMO_MODE unset) for production.",
    );
    return problems;
  }
  if (!e.FIREBASE_PROJECT_ID && !e.PUBLIC_FIREBASE_PROJECT_ID) {
    problems.push("FIREBASE_PROJECT_ID is not set: the server cannot check sign-in tokens.");
  }
  if (!e.PUBLIC_FIREBASE_API_KEY) {
    problems.push(
      "PUBLIC_FIREBASE_API_KEY (the Firebase web config) is not set: nobody could sign in.",
    );
  }
  if (e.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push(
      "FIREBASE_AUTH_EMULATOR_HOST is set: the emulator's tokens are unsigned. Unset it in production.",
    );
  }
  try {
    paymentConfig();
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (new URL(e.PUBLIC_SITE_URL).protocol !== "https:") {
    problems.push(
      `PUBLIC_SITE_URL (${e.PUBLIC_SITE_URL}) is not https: shoppers' sessions and payments need TLS. Put the shop behind an HTTPS proxy (docs/deploy.md) and give its https address.`,
    );
  }
  if (e.S3_BUCKET && e.S3_PUBLIC_URL && new URL(e.S3_PUBLIC_URL).protocol !== "https:") {
    problems.push(
      `S3_PUBLIC_URL (${e.S3_PUBLIC_URL}) is not https: browsers would refuse its images on an https shop. Give the bucket's or CDN's https address (docs/decisions/0116-s3-public-url.md).`,
    );
  }
  if (e.TRUST_PROXY && !LOOPBACK.has(e.HOST)) {
    problems.push(
      `TRUST_PROXY is on but the shop listens on ${e.HOST}: anyone who reaches it without the proxy could write X-Forwarded-For. Listen on 127.0.0.1 (HOST) behind the proxy.`,
    );
  }
  if (e.DATABASE_URL) {
    const reach = await databaseReachable(e.DATABASE_URL);
    if (reach) problems.push(reach);
  } else {
    const write = await folderWritable(e.DATA_DIR);
    if (write) problems.push(write);
  }
  return problems;
}

/** A sentence when the folder cannot be created or written, else null. */
async function folderWritable(dir: string): Promise<string | null> {
  const probe = path.join(dir, `.write-check-${randomUUID()}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, "ok");
    await rm(probe, { force: true });
    return null;
  } catch (error) {
    return `DATA_DIR (${path.resolve(dir)}) cannot be written: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Create it and give the shop's user write access.`;
  }
}

/** A sentence when PostgreSQL cannot be reached within a few seconds, else null. */
async function databaseReachable(url: string): Promise<string | null> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  const where = safeDatabaseName(url);
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return `DATABASE_URL (${where}) cannot be reached: ${(error as Error).message}.`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The database address without its password, for a message. */
function safeDatabaseName(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ""}${u.pathname}`;
  } catch {
    return "an unreadable address";
  }
}
