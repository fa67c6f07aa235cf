/**
 * GET/PUT /v2/admin/settings/business (docs/decisions/0083): the owner reads and saves the whole
 * section with the version the screen loaded; a save over a newer version is a 409, a bad field a
 * 400 naming it, and every save is audited in its transaction (decision 0081).
 */
import type { APIContext } from "astro";
import { requireAdmin } from "../../server/auth/auth.server";
import { getDb } from "../../server/db/client";
import { json, readJson } from "../../server/http";
import { auditActor } from "../audit/audit.server";
import { writeSection } from "../settings/settings-store.server";
import { businessSettingsBody } from "./business-settings.schema";
import { businessSection, readBusinessSettings } from "./business-settings.server";

export async function getBusinessSettings(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await readBusinessSettings(await getDb()));
}

export async function putBusinessSettings(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const body = await readJson(context.request, businessSettingsBody, 16 * 1024);
  const actor = auditActor(context, user);
  const db = await getDb();
  const saved = await db.transaction((tx) =>
    writeSection(tx, businessSection, body.value, body.version, actor),
  );
  return json(saved);
}
