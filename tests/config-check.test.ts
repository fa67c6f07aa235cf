/**
 * The production start's settings check: each unsafe or broken setting is one sentence, and a
 * complete production configuration has none. docs: docs/operations.md "Going live", docs/deploy.md.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { configProblems } from "~/server/config-check.server";
import { resetEnvForTests } from "~/server/env";
import { resetPaymentConfigForTests } from "~/server/payments/config.server";

const saved = { ...process.env };
let dataDir: string;
/** A regular file: a data folder below it can never be created. */
let aFile: string;

/** A complete production configuration's settings (the data folder apart). */
const GOOD = {
  FIREBASE_PROJECT_ID: "resin-tales-prod",
  PUBLIC_FIREBASE_API_KEY: "AIza-public-web-key",
  PUBLIC_FIREBASE_PROJECT_ID: "resin-tales-prod",
  PAYMENT_PROVIDER: "cashfree",
  CASHFREE_CLIENT_ID: "cf-id",
  CASHFREE_CLIENT_SECRET: "cf-secret",
  PUBLIC_SITE_URL: "https://shop.resintales.example",
  HOST: "127.0.0.1",
  TRUST_PROXY: "true",
};

/** A complete production configuration, with `change` applied (undefined removes a variable). */
async function problemsWith(change: Record<string, string | undefined> = {}): Promise<string[]> {
  process.env = { PATH: saved.PATH, ...GOOD, DATA_DIR: dataDir };
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value.replace("(a file)", aFile);
  }
  resetEnvForTests();
  resetPaymentConfigForTests();
  return configProblems();
}

describe("the production settings check", () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "resin-config-"));
    aFile = path.join(dataDir, "not-a-folder");
    await writeFile(aFile, "");
  });
  afterEach(() => {
    process.env = { ...saved };
    resetEnvForTests();
    resetPaymentConfigForTests();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("finds nothing wrong with a complete production configuration", async () => {
    expect(await problemsWith()).toEqual([]);
  });

  const cases: [string, Record<string, string | undefined>, RegExp][] = [
    [
      "no Firebase project",
      { FIREBASE_PROJECT_ID: undefined, PUBLIC_FIREBASE_PROJECT_ID: undefined, DEMO_MODE: "false" },
      /FIREBASE_PROJECT_ID is not set/,
    ],
    ["no Firebase web config", { PUBLIC_FIREBASE_API_KEY: undefined }, /nobody could sign in/],
    [
      "Cashfree without its keys",
      { CASHFREE_CLIENT_SECRET: undefined },
      /needs CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET/,
    ],
    ["the local stand-in provider", { PAYMENT_PROVIDER: "local" }, /refused outside demo mode/],
    [
      "a site address without https",
      { PUBLIC_SITE_URL: "http://shop.resintales.example" },
      /is not https/,
    ],
    [
      "TRUST_PROXY on a public address",
      { HOST: "0.0.0.0" },
      /TRUST_PROXY is on but the shop listens on 0\.0\.0\.0/,
    ],
    [
      "the Auth Emulator",
      { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" },
      /FIREBASE_AUTH_EMULATOR_HOST is set/,
    ],
    ["demo mode", { DEMO_MODE: "true" }, /DEMO_MODE is on/],
    [
      "a data folder it cannot write",
      { DATA_DIR: "(a file)/data" },
      /DATA_DIR \(.*\) cannot be written/,
    ],
    [
      "a database it cannot reach",
      { DATABASE_URL: "postgres://shop:secret-pass@127.0.0.1:1/shop" },
      /DATABASE_URL \(postgres:\/\/127\.0\.0\.1:1\/shop\) cannot be reached/,
    ],
    ["a malformed variable", { PORT: "eighty" }, /^PORT: /],
    [
      "a bucket address that is not one",
      { S3_BUCKET: "media", S3_PUBLIC_URL: "media.resintales.example" },
      /^S3_PUBLIC_URL: S3_PUBLIC_URL must be an http\(s\) address/,
    ],
    [
      "a bucket address without https",
      { S3_BUCKET: "media", S3_PUBLIC_URL: "http://media.resintales.example" },
      /S3_PUBLIC_URL \(http:\/\/media\.resintales\.example\) is not https/,
    ],
  ];

  it.each(cases)("names %s in one sentence", async (_name, change, expected) => {
    const problems = await problemsWith(change);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(expected);
  });

  it("never prints the database password", async () => {
    const [problem] = await problemsWith({
      DATABASE_URL: "postgres://shop:secret-pass@127.0.0.1:1/shop",
    });
    expect(problem).not.toContain("secret-pass");
  });
});

describe("npm start outside demo mode", () => {
  it("stops before it builds or listens, one line per problem", async () => {
    const { spawnSync } = await import("node:child_process");
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/server/cli/start.ts"], {
      env: {
        PATH: saved.PATH,
        FIREBASE_PROJECT_ID: "resin-tales-prod",
        PUBLIC_SITE_URL: "http://shop.resintales.example",
        PORT: "4999",
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("The shop cannot start: 3 setting(s) to fix.");
    expect(run.stderr).toMatch(/- PUBLIC_FIREBASE_API_KEY .* is not set/);
    expect(run.stderr).toMatch(/- PAYMENT_PROVIDER=cashfree needs CASHFREE_CLIENT_ID/);
    expect(run.stderr).toMatch(
      /- PUBLIC_SITE_URL \(http:\/\/shop\.resintales\.example\) is not https/,
    );
    expect(run.stdout).not.toContain("Building the shop");
  }, 90_000);
});

/**
 * The command a person runs before going live (docs/deploy.md §3), as a child process: exit code 1
 * and one line per problem, or exit 0 and one sentence. No network: the good case uses the test
 * PostgreSQL server when TEST_DATABASE_URL is set, else a PGlite data folder.
 */
describe("npm run check-config", () => {
  const runCheck = async (env: Record<string, string>) => {
    const { spawnSync } = await import("node:child_process");
    return spawnSync("npm", ["run", "--silent", "check-config"], {
      env: { PATH: saved.PATH, HOME: saved.HOME ?? tmpdir(), NO_UPDATE_NOTIFIER: "1", ...env },
      encoding: "utf8",
      timeout: 60_000,
    });
  };

  it("exits 1 with one line per problem in a bad production configuration", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "resin-check-"));
    try {
      const run = await runCheck({
        ...GOOD,
        PUBLIC_FIREBASE_API_KEY: "",
        CASHFREE_CLIENT_SECRET: "",
        PUBLIC_SITE_URL: "http://shop.resintales.example",
        HOST: "0.0.0.0",
        DATABASE_URL: "postgres://shop:secret-pass@127.0.0.1:1/shop",
        DATA_DIR: folder,
      });
      expect(run.status, run.stderr).toBe(1);
      const lines = run.stderr.trim().split("\n");
      expect(lines[0]).toBe("The shop would not start: 5 setting(s) to fix.");
      const problems = lines.slice(1);
      expect(problems).toHaveLength(5);
      for (const line of problems) expect(line).toMatch(/^ {2}- \S/);
      expect(problems[0]).toMatch(/PUBLIC_FIREBASE_API_KEY .* is not set/);
      expect(problems[1]).toMatch(/needs CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET/);
      expect(problems[2]).toMatch(/PUBLIC_SITE_URL \(http:\/\/shop\.resintales\.example\)/);
      expect(problems[3]).toMatch(/TRUST_PROXY is on but the shop listens on 0\.0\.0\.0/);
      expect(problems[4]).toMatch(/DATABASE_URL \(postgres:\/\/127\.0\.0\.1:1\/shop\)/);
      expect(`${run.stdout}${run.stderr}`).not.toContain("secret-pass");
      expect(run.stdout).not.toContain("ready for production");
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 90_000);

  it("exits 0 with one sentence in a good one", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "resin-check-"));
    try {
      const store: Record<string, string> = process.env.TEST_DATABASE_URL
        ? { DATABASE_URL: process.env.TEST_DATABASE_URL }
        : { DATA_DIR: folder };
      const run = await runCheck({ ...GOOD, ...store });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout.trim()).toBe("The settings are ready for production.");
      expect(run.stderr).toBe("");
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 90_000);

  it("names what Settings → WhatsApp lacks when WhatsApp is on (docs/whatsapp.md)", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "resin-check-"));
    try {
      const run = await runCheck({
        ...GOOD,
        DATA_DIR: folder,
        WHATSAPP_ENABLED: "true",
        WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
      });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toContain(
        "WhatsApp is turned on but Settings → WhatsApp lacks the WhatsApp Business Account id, the access token",
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 90_000);
});
