/**
 * The studio's capacity (docs/decisions/0122-capacity-and-needed-by.md): its settings section
 * (GET/PUT /v2/admin/settings/studio, the settings store of decision 0081: `{ value, version }`
 * read, `{ value, version }` written, 409 over a newer version) and the queue week by week.
 */
import type { APIContext } from "astro";
import * as z from "zod/mini";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, readJson, readQuery } from "~/server/http";
import { auditActor } from "~/features/audit/audit.server";
import { readSection, writeSection } from "~/features/settings/settings-store.server";
import { loadQueueView } from "./promise.server";
import { studioSection } from "./studio-settings.server";

const putBody = z.object({
  value: z.unknown(),
  version: z.int({ error: "version must be the whole number the screen loaded" }).check(z.gte(0)),
});

/** GET /v2/admin/settings/studio -> { value, version } */
export async function getStudioSettings(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await readSection(await getDb(), studioSection));
}

/** PUT /v2/admin/settings/studio { value, version } -> { value, version } */
export async function putStudioSettings(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const body = await readJson(context.request, putBody, 64 * 1024);
  const db = await getDb();
  return json(
    await db.transaction((tx) =>
      writeSection(tx, studioSection, body.value, body.version, auditActor(context, user)),
    ),
  );
}

const weeksQuery = z.object({
  weeks: z._default(
    z.coerce
      .number({ error: "weeks must be a number" })
      .check(
        z.int({ error: "weeks must be a whole number" }),
        z.gte(1, { error: "weeks must be 1 to 26" }),
        z.lte(26, { error: "weeks must be 1 to 26" }),
      ),
    8,
  ),
});

/** GET /v2/admin/studio/queue?weeks=8 -> { weeks, orders } */
export async function getStudioQueue(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const { weeks } = readQuery(context.url, weeksQuery);
  return json(await loadQueueView(await getDb(), weeks));
}
