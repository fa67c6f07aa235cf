/**
 * `npm run admin:grant -- <email>`: gives the account with that email the admin role (tm_admin).
 * `npm run admin:grant -- --revoke <email>` takes it away. The person must have logged in once
 * (that creates their record); for someone who has not, put the address in ADMIN_EMAILS instead.
 *
 * With the built-in database (PGlite) only one process may open the data folder: stop the shop
 * first. With PostgreSQL (DATABASE_URL) it can run beside the shop; the change applies to the
 * next request.
 */
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { setAdminRoleByEmail } from "../../features/account/account.server";
import { closeDb, getDb } from "../db/client";
import { env } from "../env";

const USAGE = "Usage: npm run admin:grant -- [--revoke] <email>";

async function shopIsRunning(): Promise<boolean> {
  const e = env();
  try {
    await fetch(`http://${e.HOST === "0.0.0.0" ? "127.0.0.1" : e.HOST}:${e.PORT}/v2/ping`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

export async function adminGrant(argv: string[]): Promise<number> {
  const revoke = argv.includes("--revoke");
  const emails = argv.filter((a) => !a.startsWith("--"));
  if (emails.length !== 1 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emails[0]!)) {
    console.error(USAGE);
    return 2;
  }
  const email = emails[0]!.trim().toLowerCase();
  if (!env().DATABASE_URL && (await shopIsRunning())) {
    console.error(`The shop is running on port ${env().PORT} and holds the built-in database (${env().DATA_DIR}). Stop it first (Ctrl-C), then run this again.`);
    return 1;
  }
  try {
    const uid = await setAdminRoleByEmail(await getDb(), email, revoke);
    if (!uid) {
      console.error(`No account with the email ${email} has logged in to this shop yet. Ask them to log in once, or add the address to ADMIN_EMAILS (granted at their first login with a verified email).`);
      return 1;
    }
    console.log(revoke ? `${email} (uid ${uid}) is no longer an administrator.` : `${email} (uid ${uid}) is now an administrator (role tm_admin).`);
    return 0;
  } finally {
    await closeDb();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (existsSync(".env")) process.loadEnvFile(".env");
  adminGrant(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
