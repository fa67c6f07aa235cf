/**
 * `npm run check-config`'s WhatsApp lines (docs/whatsapp.md): what Settings → WhatsApp lacks while
 * WhatsApp is turned on. With PostgreSQL (DATABASE_URL) the saved settings are read; a PGlite folder
 * is open in the server's process only, so there the WHATSAPP_* variables that seed the settings are
 * checked (the Settings screen shows the same sentence for the saved ones).
 */
import { closeDb, getDb } from "~/server/db/client";
import { readSection } from "~/features/settings/settings-store.server";
import { whatsappProblems, whatsappSection } from "./whatsapp-settings";

export async function whatsappConfigProblems(): Promise<string[]> {
  if (!process.env.DATABASE_URL) return whatsappProblems(whatsappSection.defaults());
  try {
    const { value } = await readSection(await getDb(), whatsappSection);
    return whatsappProblems(value);
  } catch (error) {
    return [
      `The WhatsApp settings could not be read from the database: ${(error as Error).message}`,
    ];
  } finally {
    await closeDb().catch(() => {});
  }
}
