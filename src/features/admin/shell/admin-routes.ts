/**
 * The portal's client-side routes (docs/product.md §2 Routes, /admin/**), in one table shared by the server
 * page (an unknown path is a 404) and the island's router. Pure: no React, no browser globals.
 * Which team role sees which screen: SCREEN_MEMBERS (docs/decisions/0253-team-roles.md).
 */
import type { StaffRole } from "~/lib/roles";

export type AdminScreen =
  | "orders"
  | "order"
  | "products"
  | "product"
  | "add-product"
  | "categories"
  | "category"
  | "inquiries"
  | "inquiry"
  | "claims"
  | "discounts"
  | "discount"
  | "reports"
  | "gst-summary"
  | "reviews"
  | "data-requests"
  | "audit"
  | "outbox"
  | "settings";

export interface AdminMatch {
  screen: AdminScreen;
  /** The `{id}` of /admin/order/{id}, /admin/product/{id}, /admin/categories/{id}. */
  id?: string;
}

const ROUTES: ReadonlyArray<{ pattern: RegExp; screen: AdminScreen }> = [
  { pattern: /^\/admin$/, screen: "orders" },
  { pattern: /^\/admin\/order\/([^/]+)$/, screen: "order" },
  { pattern: /^\/admin\/my-products$/, screen: "products" },
  { pattern: /^\/admin\/product\/([^/]+)$/, screen: "product" },
  { pattern: /^\/admin\/add-product$/, screen: "add-product" },
  { pattern: /^\/admin\/categories$/, screen: "categories" },
  { pattern: /^\/admin\/categories\/([^/]+)$/, screen: "category" },
  { pattern: /^\/admin\/inquiries$/, screen: "inquiries" },
  // An inquiry and its quotes (admin/quotes/InquiryQuoteScreen.tsx).
  { pattern: /^\/admin\/inquiries\/([^/]+)$/, screen: "inquiry" },
  // Damage claims (admin/claims/, docs/decisions/0247-damage-claims.md).
  { pattern: /^\/admin\/claims$/, screen: "claims" },
  { pattern: /^\/admin\/discounts$/, screen: "discounts" },
  { pattern: /^\/admin\/discounts\/([^/]+)$/, screen: "discount" },
  // Reports and the GST summary (admin/reports/, docs/decisions/0090-reports-read-model.md).
  { pattern: /^\/admin\/reports$/, screen: "reports" },
  { pattern: /^\/admin\/reports\/gst$/, screen: "gst-summary" },
  // Review moderation and the shoppers' data requests (decisions 0100, 0101).
  { pattern: /^\/admin\/reviews$/, screen: "reviews" },
  { pattern: /^\/admin\/data-requests$/, screen: "data-requests" },
  { pattern: /^\/admin\/audit$/, screen: "audit" },
  { pattern: /^\/admin\/outbox$/, screen: "outbox" },
  // The shop's settings, one panel per section (admin/settings/, docs/decisions/0081).
  { pattern: /^\/admin\/settings$/, screen: "settings" },
];

/** The screen for a pathname (a trailing slash is ignored), or null for an unknown admin path. */
export function matchAdminRoute(pathname: string): AdminMatch | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const { pattern, screen } of ROUTES) {
    const found = pattern.exec(path);
    if (!found) continue;
    if (found[1] === undefined) return { screen };
    try {
      return { screen, id: decodeURIComponent(found[1]) };
    } catch {
      return null;
    }
  }
  return null;
}

/** The document title of each screen (before " | {shop name}"). */
export const SCREEN_TITLES: Readonly<Record<AdminScreen, string>> = {
  orders: "All Orders",
  order: "Order",
  products: "All Products",
  product: "Product",
  "add-product": "Add Product",
  categories: "Homepage Categories",
  category: "Homepage Categories",
  inquiries: "Inquiries",
  inquiry: "Inquiry",
  claims: "Claims",
  discounts: "Discount codes",
  discount: "Discount codes",
  reports: "Reports",
  "gst-summary": "GST summary",
  reviews: "Reviews",
  "data-requests": "Data requests",
  audit: "Audit trail",
  outbox: "Outbox",
  settings: "Settings",
};

/** The admin navigation of docs/product.md §2, in its order, plus the inquiries inbox (decision 0039). */
export const ADMIN_NAV: ReadonlyArray<{ label: string; href: string }> = [
  { label: "All Orders", href: "/admin" },
  { label: "All Products", href: "/admin/my-products" },
  { label: "Add Product", href: "/admin/add-product" },
  { label: "Homepage Categories", href: "/admin/categories" },
  { label: "Inquiries", href: "/admin/inquiries" },
  { label: "Claims", href: "/admin/claims" },
  { label: "Discount codes", href: "/admin/discounts" },
  { label: "Reports", href: "/admin/reports" },
  { label: "Reviews", href: "/admin/reviews" },
  { label: "Data requests", href: "/admin/data-requests" },
  { label: "Outbox", href: "/admin/outbox" },
  { label: "Audit trail", href: "/admin/audit" },
  { label: "Settings", href: "/admin/settings" },
  { label: "User Home", href: "/" },
];

type Member = Exclude<StaffRole, "tm_admin">;
const BOTH: readonly Member[] = ["studio", "accountant"];

/**
 * The team roles besides the owner that see each screen (the owner sees all): the screens whose
 * API routes the permission table (src/lib/permissions.ts) lets them call. Absent: the owner's only.
 */
export const SCREEN_MEMBERS: Readonly<Partial<Record<AdminScreen, readonly Member[]>>> = {
  orders: BOTH,
  order: BOTH,
  inquiries: ["studio"],
  inquiry: ["studio"],
  claims: BOTH,
  reports: ["accountant"],
  "gst-summary": ["accountant"],
};

/** Whether `role` may open `screen` (the owner every screen; anyone else what SCREEN_MEMBERS says). */
export function screenAllowed(role: string | null | undefined, screen: AdminScreen): boolean {
  if (role === "tm_admin") return true;
  return (SCREEN_MEMBERS[screen] as readonly string[] | undefined)?.includes(role ?? "") ?? false;
}

/** The navigation a role sees: only its screens, and the way back to the shop. */
export function navFor(
  role: string | null | undefined,
): ReadonlyArray<{ label: string; href: string }> {
  return ADMIN_NAV.filter(({ href }) => {
    const screen = matchAdminRoute(href)?.screen;
    return screen === undefined || screenAllowed(role, screen);
  });
}
