/**
 * The owner's shipping settings (docs/shipping.md, decision 0106):
 *   GET /v2/admin/settings/shipping -> { settings (keys only as set or not), version, webhookPath }
 *   PUT /v2/admin/settings/shipping { settings, version } -> the same; an empty key keeps the stored one.
 * Owner only; every save is checked, versioned and audited with the keys masked (decision 0081).
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, readJson } from "~/server/http";
import { auditActor } from "~/features/audit/audit.server";
import { readSection, writeSection } from "~/features/settings/settings-store.server";
import { forgetEstimatesForTests } from "./estimate.server";
import { WEBHOOK_PATH } from "./shipping";
import { mergeSecrets, publicShippingSettings, shippingSection } from "./shipping-settings";

const putBody = z.object({
  version: z.number({ error: "version is required" }).int().min(0),
  settings: z.unknown(),
});

export async function getShippingSettings(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const stored = await readSection(await getDb(), shippingSection);
  return json({
    settings: publicShippingSettings(stored.value),
    version: stored.version,
    webhookPath: WEBHOOK_PATH,
  });
}

export async function putShippingSettings(context: APIContext): Promise<Response> {
  const owner = await requireAdmin(context);
  const body = await readJson(context.request, putBody, 32 * 1024);
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const stored = await readSection(tx, shippingSection);
    return writeSection(
      tx,
      shippingSection,
      mergeSecrets(body.settings, stored.value),
      body.version,
      auditActor(context, owner),
    );
  });
  // Estimates depend on the provider, the pickup PIN and the zones: start afresh.
  forgetEstimatesForTests();
  return json({
    settings: publicShippingSettings(saved.value),
    version: saved.version,
    webhookPath: WEBHOOK_PATH,
  });
}
