/**
 * `npm run admin:grant -- <email>`: gives the account with that email the admin role (tm_admin),
 * only when Firebase confirms that the account behind the shop's record holds this address and has
 * verified it (the email in our database is whatever a sign-in token said, verified or not).
 * `npm run admin:grant -- --revoke <email>` takes it away; an address still listed in
 * ADMIN_EMAILS gets it back at its next login with a verified email, so remove it there too.
 * The person must have logged in once (that creates their record); for someone who has not, put
 * the address in ADMIN_EMAILS instead.
 *
 * Firebase is asked with the shop's own settings (FIREBASE_PROJECT_ID and a credential). In demo
 * mode the local Auth Emulator is used: the one already running, or one started for the check.
 *
 * With the built-in database (PGlite) only one process may open the data folder: stop the shop
 * first. With PostgreSQL (DATABASE_URL) it can run beside the shop; the change applies to the
 * next request.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  REFUSAL_REASONS,
  grantAdminByEmail,
  revokeAdminByEmail,
  type EmailCheck,
  type GrantOutcome,
} from "~/features/account/admin-grant.server";
import { closeFirebaseApp, firebaseEmailStatus } from "~/server/auth/firebase-admin.server";
import { closeDb, getDb, type DbOrTx } from "~/server/db/client";
import { env, resetEnvForTests } from "~/server/env";
import { DEMO_PROJECT_ID, emulatorIsUp, startAuthEmulator, type RunningEmulator } from "./emulator";
import { stopChildrenOnSignals } from "./processes";

const USAGE = "Usage: npm run admin:grant -- [--revoke] <email>";
const FLAGS = new Set(["--revoke"]);

async function shopIsRunning(): Promise<boolean> {
  const e = env();
  try {
    await fetch(`http://${e.HOST === "0.0.0.0" ? "127.0.0.1" : e.HOST}:${e.PORT}/v2/ping`, {
      signal: AbortSignal.timeout(1000),
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Points firebase-admin where the shop's would point: nothing to do in production or when the
 * emulator is already configured; in demo mode the running emulator, or one started now (with the
 * demo's saved accounts) and stopped by the answer's `close`.
 */
async function connectFirebase(): Promise<{ close: () => Promise<void> }> {
  let emulator: RunningEmulator | undefined;
  const demo = process.env.DEMO_MODE
    ? process.env.DEMO_MODE === "true"
    : !process.env.FIREBASE_PROJECT_ID;
  if (demo && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    const host = `127.0.0.1:${Number(process.env.EMULATOR_PORT ?? 9099)}`;
    if (!(await emulatorIsUp(host))) {
      console.log(`Starting the Auth Emulator on ${host} to check the account (demo mode)...`);
      emulator = await startAuthEmulator({
        port: Number(host.split(":")[1]),
        persistDir: path.resolve(process.env.DATA_DIR ?? "./data", "auth-emulator"),
        quiet: true,
      });
    }
    process.env.DEMO_MODE = "true";
    process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    process.env.FIREBASE_PROJECT_ID = DEMO_PROJECT_ID;
    resetEnvForTests(); // env() was parsed before these were set: read it again
  }
  return {
    close: async () => {
      await closeFirebaseApp();
      await emulator?.stop();
    },
  };
}

function loud(lines: string[]): void {
  const bar = "!".repeat(100);
  console.warn(`\n${bar}\n${lines.map((l) => `  ${l}`).join("\n")}\n${bar}\n`);
}

export interface AdminGrantOptions {
  /** Tests: this database (left open) instead of the shop's. */
  db?: DbOrTx;
  /** Tests: Firebase's answer about a record's email (default: firebase-admin getUser). */
  check?: EmailCheck;
}

export async function adminGrant(argv: string[], options: AdminGrantOptions = {}): Promise<number> {
  const revoke = argv.includes("--revoke");
  const unknown = argv.filter((a) => a.startsWith("-") && !FLAGS.has(a));
  const emails = argv.filter((a) => !a.startsWith("-"));
  if (unknown.length > 0 || emails.length !== 1 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emails[0]!)) {
    if (unknown.length > 0) console.error(`Unknown option: ${unknown.join(" ")}`);
    console.error(USAGE);
    return 2;
  }
  const email = emails[0]!.trim().toLowerCase();
  if (!options.db && !env().DATABASE_URL && (await shopIsRunning())) {
    console.error(
      `The shop is running on port ${env().PORT} and holds the built-in database (${env().DATA_DIR}). Stop it first (Ctrl-C), then run this again.`,
    );
    return 1;
  }
  const db = options.db ?? (await getDb());
  try {
    if (revoke) {
      const uid = await revokeAdminByEmail(db, email);
      if (!uid) {
        console.error(
          `No account with the email ${email} has logged in to this shop yet; nothing to revoke.`,
        );
      } else {
        console.log(`${email} (uid ${uid}) is no longer an administrator.`);
      }
      if (env().ADMIN_EMAILS.includes(email)) {
        loud([
          `WARNING: ${email} is listed in ADMIN_EMAILS.`,
          "The admin role comes back at their next login with a verified email, and at the shop's next start.",
          "Remove the address from ADMIN_EMAILS (and restart the shop) to make this revocation last.",
        ]);
      } else {
        console.warn(
          `Note: if ${email} is in ADMIN_EMAILS where the shop runs (its environment, not only .env), ` +
            "the role comes back at their next login with a verified email. Remove it there too.",
        );
      }
      return uid ? 0 : 1;
    }

    // Firebase (in demo mode perhaps an emulator started for it) only when a record needs checking.
    let firebase: { close: () => Promise<void> } | undefined;
    const check: EmailCheck =
      options.check ??
      (async (uid, address) => {
        firebase ??= await connectFirebase();
        return firebaseEmailStatus(uid, address);
      });
    let outcome: GrantOutcome;
    try {
      outcome = await grantAdminByEmail(db, email, check);
    } finally {
      await firebase?.close();
    }
    switch (outcome.status) {
      case "granted":
        console.log(
          outcome.already
            ? `${email} (uid ${outcome.uid}) is already an administrator (role tm_admin).`
            : `${email} (uid ${outcome.uid}) is now an administrator (role tm_admin); Firebase confirms the address is verified.`,
        );
        return 0;
      case "no-record":
        console.error(
          `No account with the email ${email} has logged in to this shop yet. Ask them to log in once, or add the address ` +
            "to ADMIN_EMAILS (granted at their first login with a verified email).",
        );
        return 1;
      case "refused":
        console.error(
          `NOT granted: ${email} (uid ${outcome.uid}): ${REFUSAL_REASONS[outcome.reason]}. Nothing was changed.`,
        );
        if (outcome.reason === "unverified")
          console.error("Once they have verified the address, run this again.");
        return 1;
      case "unavailable":
        console.error(
          `NOT granted: Firebase could not be asked whether ${email} is verified (${outcome.message}). Nothing was changed.`,
        );
        return 1;
      default:
        return outcome satisfies never;
    }
  } finally {
    if (!options.db) await closeDb();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (existsSync(".env")) process.loadEnvFile(".env");
  // An emulator started for the check must not outlive a Ctrl-C.
  stopChildrenOnSignals();
  adminGrant(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
