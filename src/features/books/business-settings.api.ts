/**
 * GET/PUT /v2/admin/settings/business (docs/decisions/0083): the owner reads and saves the whole
 * section with the version the screen loaded; a save over a newer version is a 409, a bad field a
 * 400 naming it, and every save is audited in its transaction (decision 0081). The shop's name and
 * support contacts on pages and in mails follow a save (decision 0158).
 */
import type { APIContext } from "astro";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { HttpError, json, readJson } from "~/server/http";
import { shopIdentityChanged } from "~/server/shop-identity.server";
import { auditActor } from "~/features/audit/audit.server";
import { writeSection } from "~/features/settings/settings-store.server";
import { isUploadedImageUrl } from "~/features/media/uploaded-url.server";
import { LOGO_PATTERN, businessSettingsBody } from "./business-settings.schema";
import { businessSection, readBusinessSettings } from "./business-settings.server";

/**
 * The invoice logo and the signature image must be this shop's own uploads (decisions 0086, 0184):
 * their shape the schema checks.
 */
async function refuseForeignImages(value: unknown): Promise<void> {
  const fields = [
    ["logoUrl", "Logo", "the logo"],
    ["signatureUrl", "Signature", "the signature"],
  ] as const;
  for (const [key, label, what] of fields) {
    const url = (value as Record<string, unknown> | null)?.[key];
    if (typeof url !== "string" || url.trim() === "" || !LOGO_PATTERN.test(url.trim())) continue;
    if (!(await isUploadedImageUrl(url.trim())))
      throw new HttpError(
        400,
        `${key}: ${label}: that image is not one of this shop's uploads; upload ${what} here.`,
      );
  }
}

export async function getBusinessSettings(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await readBusinessSettings(await getDb()));
}

export async function putBusinessSettings(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const body = await readJson(context.request, businessSettingsBody, 16 * 1024);
  const actor = auditActor(context, user);
  await refuseForeignImages(body.value);
  const db = await getDb();
  const saved = await db.transaction((tx) =>
    writeSection(tx, businessSection, body.value, body.version, actor),
  );
  // Pages and mails print the saved name and contacts from now on (decision 0158).
  shopIdentityChanged();
  return json(saved);
}
