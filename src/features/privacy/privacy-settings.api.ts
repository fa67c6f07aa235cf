/**
 * GET/PUT /v2/admin/settings/privacy (docs/decisions/0101-data-rights.md): the owner reads and saves
 * the grievance contact; a save is checked, versioned (409 when another window saved first) and
 * audited by the settings store.
 */
import type { APIContext } from "astro";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, readJson } from "~/server/http";
import { auditActor } from "~/features/audit/audit.server";
import { readSection, writeSection } from "~/features/settings/settings-store.server";
import { privacySettingsBody } from "./privacy-settings.schema";
import { privacySection } from "./privacy-settings.server";

/** GET -> { value, version } */
export async function getPrivacySettings(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await readSection(await getDb(), privacySection));
}

/** PUT { value, version } -> { value, version } */
export async function putPrivacySettings(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const body = await readJson(context.request, privacySettingsBody);
  const db = await getDb();
  const saved = await db.transaction((tx) =>
    writeSection(tx, privacySection, body.value, body.version, auditActor(context, user)),
  );
  return json(saved);
}
