/**
 * Applies migrations and seeds an empty database with the demo catalogue when shouldSeedDemo says
 * so (demo mode, or asked explicitly: src/server/seed/demo-seed-choice.ts); in demo mode makes sure the
 * demo accounts (owner and shopper) exist in the Auth Emulator and the database; grants the admin
 * role to ADMIN_EMAILS, only to records whose address Firebase confirms as verified (the demo owner
 * gets it from the demo seed, by uid). Returns lines for the banner.
 */
import { REFUSAL_REASONS, applyAdminEmails } from "~/features/account/admin-grant.server";
import { closeFirebaseApp } from "~/server/auth/firebase-admin.server";
import { closeDb, getDb } from "~/server/db/client";
import { env } from "~/server/env";
import { seedDemoWhatsapp } from "~/features/whatsapp/local-transport.server";
import { ensureDemoAccounts } from "~/server/seed/demo-accounts.server";
import { DEMO_SEED_SKIPPED, shouldSeedDemo } from "~/server/seed/demo-seed-choice";
import { seedDemoCatalogue } from "~/server/seed/seed.server";

export interface PrepareOptions {
  /** `npm run seed -- --demo`: seed the demo catalogue whatever the mode. */
  demoFlag?: boolean;
}

export async function prepareDatabase(options: PrepareOptions = {}): Promise<string[]> {
  const db = await getDb();
  const lines: string[] = [];
  try {
    const seed = shouldSeedDemo({
      demoMode: env().DEMO_MODE,
      seedDemo: process.env.SEED_DEMO,
      demoFlag: options.demoFlag,
    });
    if (!seed && process.env.SEED_DEMO === undefined) lines.push(DEMO_SEED_SKIPPED);
    if (seed) {
      const result = await seedDemoCatalogue(db);
      lines.push(
        result.seeded
          ? `  Seeded the demo catalogue: ${result.products} products.`
          : "  Database ready (already seeded).",
      );
      if (env().DEMO_MODE) lines.push(...(await ensureDemoAccounts(db)));
      const whatsapp = await seedDemoWhatsapp(db);
      if (whatsapp) lines.push(whatsapp);
    }
    const admins = env().ADMIN_EMAILS;
    if (admins.length > 0) {
      const { granted, pending, refused, unavailable } = await applyAdminEmails(db, admins);
      if (granted.length > 0) lines.push(`  Admin role (ADMIN_EMAILS): ${granted.join(", ")}`);
      if (pending.length > 0)
        lines.push(`  Admin role at first verified login (ADMIN_EMAILS): ${pending.join(", ")}`);
      for (const { email, reason } of refused) {
        const later =
          reason === "unverified" ? " Granted at their first login once it is verified." : "";
        lines.push(`  ADMIN_EMAILS: NOT granted to ${email}: ${REFUSAL_REASONS[reason]}.${later}`);
      }
      if (unavailable.length > 0) {
        lines.push(
          `  ADMIN_EMAILS: Firebase could not be asked, nothing granted at start to ${unavailable.join(", ")} (granted at their next login with a verified email).`,
        );
      }
    }
  } finally {
    await closeDb();
    await closeFirebaseApp();
  }
  return lines;
}
