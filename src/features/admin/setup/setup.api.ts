/** GET /v2/admin/setup: the setup guide's steps (docs/decisions/0203-setup-guide.md). Owner only. */
import type { APIContext } from "astro";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json } from "~/server/http";
import { loadSetupGuide } from "./setup-guide.server";

export async function getSetupGuide(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await loadSetupGuide(await getDb()));
}
