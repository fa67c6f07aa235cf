/**
 * GET/PUT /v2/admin/settings/reviews (docs/decisions/0136-reviews-publish-at-once.md): the owner
 * reads and saves whether new reviews are published straight away; a save is checked, versioned
 * (409 when another window saved first) and audited by the settings store.
 */
import type { APIContext } from "astro";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, readJson } from "~/server/http";
import { auditActor } from "~/features/audit/audit.server";
import { readSection, writeSection } from "~/features/settings/settings-store.server";
import { reviewSettingsBody } from "./review-settings.schema";
import { reviewsSection } from "./review-settings.server";

/** GET -> { value, version } */
export async function getReviewSettings(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await readSection(await getDb(), reviewsSection));
}

/** PUT { value: { publishAtOnce }, version } -> { value, version } */
export async function putReviewSettings(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const body = await readJson(context.request, reviewSettingsBody);
  const db = await getDb();
  const saved = await db.transaction((tx) =>
    writeSection(tx, reviewsSection, body.value, body.version, auditActor(context, user)),
  );
  return json(saved);
}
