/**
 * The upload suites' shop (tests/uploads.test.ts, tests/uploads-stored.test.ts): a scratch DATA_DIR,
 * a private Auth Emulator on `port` with an owner and a shopper (their tokens in `owner` and
 * `shopper`), a PGlite database holding their roles, an empty media folder and no Cloudinary before
 * every test, and the environment put back afterwards.
 *
 *   const shop = useUploadShop(EMULATOR_PORTS.uploads);
 *   await shop.upload(png, { token: shop.owner });   // then shop.storedFiles(), shop.dataDir
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { startTestAuth, type TestAuth } from "./auth";
import { createTestDb, type TestDb } from "./db";
import { portalUsers } from "./portal";
import { storedFiles as filesIn, postFile } from "./uploads";

export const uploadRoute = await import("~/pages/v2/upload-cloud");

export function useUploadShop(port: number) {
  const SAVED_ENV = ["DATA_DIR", "UPLOAD_MAX_BYTES", "CLOUDINARY_URL"].map(
    (k) => [k, process.env[k]] as const,
  );
  let auth: TestAuth;
  let t: TestDb;
  const shop = {
    /** The owner's and the shopper's tokens. */
    owner: "",
    shopper: "",
    dataDir: "",
    upload: (
      file: Uint8Array | Buffer,
      options: { name?: string; type?: string; token?: string } = {},
    ) => postFile(uploadRoute.POST!, file, options),
    storedFiles: () => filesIn(shop.dataDir),
  };

  beforeAll(async () => {
    shop.dataDir = await mkdtemp(join(tmpdir(), "resin-uploads-"));
    process.env.DATA_DIR = shop.dataDir;
    auth = await startTestAuth(port);
    const ownerAccount = await auth.createUser();
    const shopperAccount = await auth.createUser();
    shop.owner = ownerAccount.token;
    shop.shopper = shopperAccount.token;
    t = await createTestDb("pglite");
    await t.db.insert(schema.users).values(portalUsers(ownerAccount, shopperAccount));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await auth?.stop();
    for (const [key, value] of SAVED_ENV) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
    await rm(shop.dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    delete process.env.CLOUDINARY_URL;
    delete process.env.UPLOAD_MAX_BYTES;
    resetEnvForTests();
    await rm(join(shop.dataDir, "media"), { recursive: true, force: true });
  });

  return shop;
}
