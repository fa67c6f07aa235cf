/**
 * `npm run check-config`'s WhatsApp lines (docs/whatsapp.md): what Settings → WhatsApp lacks while
 * WhatsApp is turned on. With PostgreSQL (DATABASE_URL) the saved section is read with one plain
 * query (nothing migrated or written; a database that cannot be reached is the main check's
 * problem, so it adds nothing here). A PGlite folder is open in the server's process only, so there
 * the WHATSAPP_* variables that seed the settings are checked (the Settings panel shows the same
 * sentence for the saved ones).
 */
import { z } from "zod";
import { whatsappProblems, whatsappSection } from "./whatsapp-settings";

export async function whatsappConfigProblems(): Promise<string[]> {
  const defaults = whatsappSection.defaults();
  const url = process.env.DATABASE_URL;
  if (!url) return whatsappProblems(defaults);
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ value: object }>(
      "select value from shop_settings where section = 'whatsapp'",
    );
    const stored = rows[0]?.value;
    if (!stored) return whatsappProblems(defaults);
    const merged = z.safeParse(whatsappSection.schema, { ...defaults, ...stored });
    return whatsappProblems(merged.success ? merged.data : defaults);
  } catch {
    return [];
  } finally {
    await client.end().catch(() => {});
  }
}
