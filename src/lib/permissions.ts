/**
 * The ONE permission table of the studio's team (docs/decisions/0253-team-roles.md, how to add a
 * row: docs/team.md): every owner's-portal route, "METHOD /path" as the file under src/pages names
 * it, and the team roles besides the owner that may call it. The owner (tm_admin) may call every
 * route; an empty list is the owner alone; a route missing here is the owner alone too.
 * requireAdmin (src/server/auth/auth.server.ts) checks it on every request; the portal reads the
 * same table to hide what a role may not do. tests/team-permissions.test.ts builds the route list
 * from src/pages, so a new admin route without a row fails it. Pure: no server or browser imports.
 */
import { ADMIN_ROLE, type Role, type StaffRole } from "./roles";

type Member = Exclude<StaffRole, "tm_admin">;
const OWNER: readonly Member[] = [];
const STUDIO: readonly Member[] = ["studio"];
const ACCOUNTANT: readonly Member[] = ["accountant"];
const BOTH: readonly Member[] = ["studio", "accountant"];

export const PERMISSIONS: Readonly<Record<string, readonly Member[]>> = {
  // The portal page itself (each screen: SCREEN_ROLES below) and the books' document files.
  "GET /admin/[...path]": BOTH,
  "GET /admin/documents/[document]": ACCOUNTANT,
  // Orders: the list and the order read-only for both (the accountant's copy without contact
  // details, docs/decisions/0254-accountant-sees-no-contact-details.md); stages, proofs, the
  // customer's materials and shipments for the studio; money for the accountant to read.
  "GET /v2/admin/allorders": BOTH,
  "GET /v2/admin/order-counts": BOTH,
  "GET /v2/admin/order/[id]": BOTH,
  "PUT /v2/admin/order/[id]": OWNER,
  "POST /v2/admin/order/[id]/balance": OWNER,
  "GET /v2/admin/order/[id]/documents": ACCOUNTANT,
  "GET /v2/admin/order/[id]/materials": STUDIO,
  "POST /v2/admin/order/[id]/materials": STUDIO,
  "GET /v2/admin/order/[id]/payments": ACCOUNTANT,
  "GET /v2/admin/order/[id]/proofs": STUDIO,
  "POST /v2/admin/order/[id]/proofs": STUDIO,
  "GET /v2/admin/order/[id]/refunds": ACCOUNTANT,
  "POST /v2/admin/order/[id]/refunds": OWNER,
  "GET /v2/admin/order/[id]/shipments": STUDIO,
  "POST /v2/admin/order/[id]/shipments": STUDIO,
  "POST /v2/admin/order/[id]/shipping-charge": OWNER,
  "GET /v2/admin/order/[id]/stages": STUDIO,
  "POST /v2/admin/order/[id]/stages": STUDIO,
  "GET /v2/admin/needed-by": STUDIO,
  "GET /v2/admin/studio/queue": STUDIO,
  "GET /v2/admin/materials/overdue": STUDIO,
  "POST /v2/admin/shipments/[id]/book": STUDIO,
  "POST /v2/admin/shipments/[id]/mark": STUDIO,
  "POST /v2/admin/shipments/[id]/seen": STUDIO,
  "GET /v2/admin/shipments/alerts": STUDIO,
  // Damage claims: the studio and the accountant see them; deciding, goodwill claims and the
  // window are the owner's (docs/decisions/0247-damage-claims.md).
  "GET /admin/claim-media/[media]": OWNER,
  "GET /v2/admin/claims": BOTH,
  "GET /v2/admin/claims/count": BOTH,
  "GET /v2/admin/reports/claims": ACCOUNTANT,
  "POST /v2/admin/claims/[id]/decision": OWNER,
  "POST /v2/admin/order/[id]/claim": OWNER,
  "GET /v2/admin/settings/claims": OWNER,
  "PUT /v2/admin/settings/claims": OWNER,
  // Inquiries and quote drafts (sending a quote, its price and deposit stay the owner's).
  "GET /v2/admin/inquiries": STUDIO,
  "GET /v2/admin/inquiries/count": STUDIO,
  "PATCH /v2/admin/inquiries/[id]": STUDIO,
  "GET /v2/admin/inquiries/[id]/quotes": STUDIO,
  "POST /v2/admin/inquiries/[id]/quotes": STUDIO,
  "PUT /v2/admin/quotes/[id]": STUDIO,
  "POST /v2/admin/quotes/[id]/[action]": OWNER,
  "GET /v2/admin/quotes/[id]/deposit": STUDIO,
  "PUT /v2/admin/quotes/[id]/deposit": OWNER,
  // Reports, exports (the accountant's without the customers' list) and the audit trail.
  "GET /v2/admin/reports/sales": ACCOUNTANT,
  "GET /v2/admin/reports/gst": ACCOUNTANT,
  "GET /v2/admin/reports/gst.csv": ACCOUNTANT,
  "GET /v2/admin/exports/[name]": ACCOUNTANT,
  "GET /v2/admin/audit": OWNER,
  // Products, categories, prices, discounts, reviews: the owner's.
  "POST /v2/products": OWNER,
  "PATCH /v2/products/[id]": OWNER,
  "PUT /v2/products/[id]": OWNER,
  "PATCH /v2/home-products/[id]": OWNER,
  "POST /v2/upload-cloud": STUDIO, // the studio's proof mock-ups and parcel photos
  "GET /v2/admin/allproducts": OWNER,
  // Stock (docs/decisions/0218): the accountant reads the stock at cost; counts are the owner's.
  "GET /v2/admin/stock": ACCOUNTANT,
  "POST /v2/admin/stock/upload": OWNER,
  "GET /v2/admin/product/[id]/stock": OWNER,
  "PUT /v2/admin/product/[id]/stock": OWNER,
  "POST /v2/admin/product/[id]/stock/adjustments": OWNER,
  "GET /v2/admin/product-counts": OWNER,
  "GET /v2/admin/product/[id]": OWNER,
  "GET /v2/admin/product/[id]/proofs": OWNER,
  "PUT /v2/admin/product/[id]/proofs": OWNER,
  "GET /v2/admin/categories": OWNER,
  "POST /v2/admin/categories": OWNER,
  "PATCH /v2/admin/categories/[id]": OWNER,
  "POST /v2/admin/categories/[id]": OWNER,
  "GET /v2/admin/category-tax": OWNER,
  "PUT /v2/admin/category-tax": OWNER,
  "GET /v2/admin/discounts": OWNER,
  "POST /v2/admin/discounts": OWNER,
  "PUT /v2/admin/discounts/[id]": OWNER,
  "GET /v2/admin/reviews": OWNER,
  "GET /v2/admin/reviews/count": OWNER,
  "PATCH /v2/admin/reviews/[id]": OWNER,
  // Data rights, mail, the setup guide, settings and the team: the owner's.
  "GET /v2/admin/data-requests": OWNER,
  "GET /v2/admin/data-breaches": OWNER,
  "POST /v2/admin/data-breaches": OWNER,
  "GET /v2/admin/outbox": OWNER,
  "GET /v2/admin/outbox/count": OWNER,
  "POST /v2/admin/outbox/[id]/resend": OWNER,
  "GET /v2/admin/setup": OWNER,
  "GET /v2/admin/settings/business": OWNER,
  "PUT /v2/admin/settings/business": OWNER,
  "GET /v2/admin/settings/privacy": OWNER,
  "PUT /v2/admin/settings/privacy": OWNER,
  "GET /v2/admin/settings/reviews": OWNER,
  "PUT /v2/admin/settings/reviews": OWNER,
  "GET /v2/admin/settings/shipping": OWNER,
  "PUT /v2/admin/settings/shipping": OWNER,
  "GET /v2/admin/settings/studio": OWNER,
  "PUT /v2/admin/settings/studio": OWNER,
  "GET /v2/admin/settings/whatsapp": OWNER,
  "PUT /v2/admin/settings/whatsapp": OWNER,
  "POST /v2/admin/settings/whatsapp/test": OWNER,
  "GET /v2/admin/feeds": OWNER,
  "GET /v2/admin/team": OWNER,
  "POST /v2/admin/team/invites": OWNER,
  "PUT /v2/admin/team/[uid]": OWNER,
  "DELETE /v2/admin/team/[uid]": OWNER,
};

/** "/v2/admin/order/[id]" as a pattern: a [param] is one segment, a [...rest] any number. */
function patternOf(path: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|\\]/g, "\\$&");
  const parts = path
    .split("/")
    .filter(Boolean)
    .map((segment) =>
      /^\[\.\.\.[^\]]+\]$/.test(segment)
        ? "(?:/.*)?"
        : `/${segment
            .split(/(\[[^\]]+\])/)
            .map((part) => (/^\[[^\]]+\]$/.test(part) ? "[^/]+" : literal(part)))
            .join("")}`,
    );
  return new RegExp(`^${parts.join("")}$`);
}

/** Fixed paths first, then [param]s, then [...rest]: "/v2/admin/inquiries/count" is not "[id]". */
const MATCHERS = Object.keys(PERMISSIONS)
  .map((key) => {
    const [method, path] = key.split(" ") as [string, string];
    const rest = path.includes("[...") ? 100 : 0;
    return {
      key,
      method,
      pattern: patternOf(path),
      params: (path.match(/\[/g) ?? []).length + rest,
    };
  })
  .sort((a, b) => a.params - b.params);

/** The table's key for a request ("GET /v2/admin/order/[id]"), or null when no row matches. */
export function permissionKey(method: string, pathname: string): string | null {
  const verb = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return MATCHERS.find((m) => m.method === verb && m.pattern.test(path))?.key ?? null;
}

/** Whether `role` may call the route `key` of the table (the owner always; a missing row, the owner only). */
export function mayCall(role: Role | string | null | undefined, key: string | null): boolean {
  if (role === ADMIN_ROLE) return true;
  if (key === null) return false;
  return (PERMISSIONS[key] as readonly string[] | undefined)?.includes(role ?? "") ?? false;
}

/** Whether `role` may send `method` to `pathname` (the portal's buttons ask this). */
export const mayRequest = (
  role: Role | string | null | undefined,
  method: string,
  pathname: string,
) => mayCall(role, permissionKey(method, pathname));
