/**
 * Applies migrations and seeds an empty database (demo catalogue). Returns lines for the banner.
 * Accounts for the demo (owner and shopper) are added by the accounts feature when present.
 */
import { closeDb, getDb } from "../db/client";
import { seedDemoCatalogue } from "../seed/seed.server";

export async function prepareDatabase(): Promise<string[]> {
  const db = await getDb();
  const lines: string[] = [];
  try {
    if (process.env.SEED_DEMO !== "false") {
      const result = await seedDemoCatalogue(db);
      lines.push(result.seeded ? `  Seeded the demo catalogue: ${result.products} products.` : "  Database ready (already seeded).");
    }
  } finally {
    await closeDb();
  }
  return lines;
}
