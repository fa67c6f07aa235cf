/**
 * The owner's side of damage claims (docs/decisions/0247-damage-claims.md): the Claims screen's list
 * and badge, the one decision, a goodwill claim for the shopper, the claim files, the window setting
 * and the report. Each starts with requireAdmin (the file route with the owner's session cookie).
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { isAdmin } from "~/lib/roles";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { HttpError, json, parseWith, queryInt, readJson, readQuery } from "~/server/http";
import { paymentProvider } from "~/server/payments/index.server";
import { idParam } from "~/lib/fields";
import { auditActor } from "~/features/audit/audit.server";
import { catalogueChanged } from "~/features/catalogue/catalogue-version.server";
import { sectionRoutes } from "~/features/settings/section-routes.server";
import { decideClaim } from "./claim-decide.server";
import { readClaimForm } from "./claim-files.server";
import { claimMediaResponse, findClaimMedia, mediaNotFound } from "./claim-media.server";
import { claimMonths } from "./claim-reports.server";
import { claimsSection } from "~/features/content/claim-window.server";
import { CLAIM_FILTERS, claimJson, listClaims, openClaim, openClaimCount } from "./claims.server";
import { claimSettingsBody } from "~/features/content/claim-window.schema";
import { decisionBody } from "./claims.schema";

export const adminMediaBase = "/admin/claim-media/";

const listQuery = z.object({
  show: z.enum(CLAIM_FILTERS, { error: "show must be open, decided or all" }).default("open"),
  page: queryInt("page", { min: 1, max: 100_000, default: 1 }),
});
const PAGE = 20;

/** GET /v2/admin/claims[?show=open|decided|all&page=] -> { claims, total, page, pages } */
export async function getClaims(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const { show, page } = readQuery(context.url, listQuery);
  const db = await getDb();
  const { rows, total } = await listClaims(db, show, page, PAGE);
  const claims = await Promise.all(rows.map((row) => claimJson(db, row, adminMediaBase)));
  return json({ claims, total, page, pages: Math.max(1, Math.ceil(total / PAGE)) });
}

/** GET /v2/admin/claims/count -> { count } (claims waiting for a decision: the badge) */
export async function getClaimCount(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json({ count: await openClaimCount(await getDb()) });
}

/** POST /v2/admin/claims/{id}/decision { decision, amount?, reason? } -> the claim (once; 409 after) */
export async function postClaimDecision(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const body = await readJson(context.request, decisionBody, 4 * 1024);
  const db = await getDb();
  const { claim } = await decideClaim(db, paymentProvider, auditActor(context, user), id, body);
  return json(await claimJson(db, claim, adminMediaBase));
}

/** POST /v2/admin/order/{id}/claim (multipart, the video optional): a goodwill claim for the shopper */
export async function postGoodwillClaim(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const id = parseWith(idParam(), context.params.id);
  const form = await readClaimForm(context.request, true);
  const db = await getDb();
  const claim = await openClaim(db, {
    orderId: id,
    form,
    goodwill: { actor: auditActor(context, user) },
  });
  return json(await claimJson(db, claim, adminMediaBase), { status: 201 });
}

/** GET /admin/claim-media/{media}: any claim's file, for the owner (session cookie); else 404 */
export async function getAdminClaimMedia(context: APIContext): Promise<Response> {
  const user = context.locals.user;
  if (!user || !isAdmin(user)) return mediaNotFound();
  const media = await findClaimMedia(await getDb(), String(context.params.media ?? ""));
  return media ? claimMediaResponse(media, context.request) : mediaNotFound();
}

/**
 * GET /v2/admin/settings/claims -> { value: { windowHours }, version }; PUT the same. The footer's
 * policy modals print the hours and are kept per catalogue version (decision 0051).
 */
export const { get: getClaimSettings, put: putClaimSettings } = sectionRoutes(
  claimsSection,
  claimSettingsBody,
  catalogueChanged,
);

const reportQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}$/, { error: "from: a month like 2026-04" }),
  to: z.string().regex(/^\d{4}-\d{2}$/, { error: "to: a month like 2026-09" }),
});

/** GET /v2/admin/reports/claims?from=YYYY-MM&to=YYYY-MM -> { months } (India months, both included) */
export async function getClaimReport(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const { from, to } = readQuery(context.url, reportQuery);
  if (to < from) throw new HttpError(400, "to: the last month comes after the first.");
  const start = new Date(`${from}-01T00:00:00+05:30`);
  const [y, m] = to.split("-").map(Number) as [number, number];
  const end = new Date(
    `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, "0")}-01T00:00:00+05:30`,
  );
  const months = await claimMonths(await getDb(), start, end);
  return json({
    months: months.map(({ replacementCostPaise, refundPaise, ...rest }) => ({
      ...rest,
      cost: replacementCostPaise,
      refunded: refundPaise,
    })),
  });
}
