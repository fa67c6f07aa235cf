/**
 * Applies migrations and seeds an empty database (demo catalogue); in demo mode makes sure the
 * demo accounts (owner and shopper) exist in the Auth Emulator and the database; grants the admin
 * role to ADMIN_EMAILS. Returns lines for the banner.
 */
import { applyAdminEmails } from "../../features/account/account.server";
import { closeFirebaseApp } from "../auth/firebase-admin.server";
import { closeDb, getDb } from "../db/client";
import { env } from "../env";
import { ensureDemoAccounts } from "../seed/demo-accounts.server";
import { seedDemoCatalogue } from "../seed/seed.server";

export async function prepareDatabase(): Promise<string[]> {
  const db = await getDb();
  const lines: string[] = [];
  try {
    if (process.env.SEED_DEMO !== "false") {
      const result = await seedDemoCatalogue(db);
      lines.push(result.seeded ? `  Seeded the demo catalogue: ${result.products} products.` : "  Database ready (already seeded).");
      if (env().DEMO_MODE) lines.push(...(await ensureDemoAccounts(db)));
    }
    const admins = env().ADMIN_EMAILS;
    if (admins.length > 0) {
      const { granted, pending } = await applyAdminEmails(db, admins);
      if (granted.length > 0) lines.push(`  Admin role (ADMIN_EMAILS): ${granted.join(", ")}`);
      if (pending.length > 0) lines.push(`  Admin role at first verified login (ADMIN_EMAILS): ${pending.join(", ")}`);
    }
  } finally {
    await closeDb();
    await closeFirebaseApp();
  }
  return lines;
}
