/**
 * The owner's GET and PUT of one settings section (the reviews, privacy and claims panels): GET
 * answers { value, version }; PUT reads { value, version } with `body`, and the settings store
 * checks it, refuses a save over a newer version (409) and audits it. `alsoInTx` runs in the save's
 * transaction, for what the new value changes elsewhere.
 */
import type { APIContext } from "astro";
import type { z } from "zod/mini";
import { auditActor } from "~/features/audit/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb, type Tx } from "~/server/db/client";
import { json, readJson } from "~/server/http";
import { readSection, type SettingsSection, writeSection } from "./settings-store.server";

type Route = (context: APIContext) => Promise<Response>;

export function sectionRoutes<T>(
  section: SettingsSection<T>,
  body: z.core.$ZodType<{ value: unknown; version: number }>,
  alsoInTx?: (tx: Tx) => Promise<unknown>,
): { get: Route; put: Route } {
  return {
    async get(context) {
      await requireAdmin(context);
      return json(await readSection(await getDb(), section));
    },
    async put(context) {
      const user = await requireAdmin(context);
      const { value, version } = await readJson(context.request, body);
      const db = await getDb();
      const saved = await db.transaction(async (tx) => {
        const written = await writeSection(tx, section, value, version, auditActor(context, user));
        await alsoInTx?.(tx);
        return written;
      });
      return json(saved);
    },
  };
}
