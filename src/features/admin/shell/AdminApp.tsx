/**
 * The owner's portal: one client-only island (`client:only="react"` on /admin/**) holding the
 * admin navigation of docs/product.md §2 and the screens behind it. The server already refused anyone who
 * is not an admin before this page was sent, and checks the role again on every API call.
 * Each screen is its own chunk, fetched when first shown (ScreenLoader), so opening the orders
 * never downloads the editor.
 * A screen that fails (or whose chunk cannot load) is caught by ScreenBoundary; moving between
 * screens sets the document title and moves focus to the screen, as a page load would.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { runAuthGates } from "~/features/account/auth-gate";
import { SCREEN_TITLES, matchAdminRoute, type AdminScreen } from "./admin-routes";
import { $adminPath, startAdminRouter } from "./admin-router";
import AdminFrame, { FIRST_PAINT_ATTRIBUTE } from "./AdminFrame";
import ScreenBoundary from "./ScreenBoundary";
import ScreenLoader, { preloadScreen, type ScreenModule } from "./ScreenLoader";

export interface ScreenProps {
  /** The `{id}` of a detail path. */
  id?: string;
  /** SHOP_SHORT_NAME, the spec's `{product}`. */
  shortName?: string;
  /** The shop's name as written (the order detail's customer tab). */
  shopName?: string;
}

interface Props {
  /** SHOP_NAME, for document titles. */
  shopName?: string;
  shortName?: string;
}

const SCREENS: Record<AdminScreen, ScreenModule<ScreenProps>> = {
  orders: () => import("~/features/admin/orders/OrdersScreen"),
  order: () => import("~/features/admin/orders/OrderScreen"),
  products: () => import("~/features/admin/products/ProductsScreen"),
  product: () => import("~/features/admin/products/ProductScreen"),
  "add-product": () => import("~/features/admin/products/AddProductScreen"),
  categories: () => import("~/features/admin/categories/CategoriesScreen"),
  category: () => import("~/features/admin/categories/CategoriesScreen"),
  inquiries: () => import("~/features/admin/inquiries/InquiriesScreen"),
  inquiry: () => import("~/features/admin/quotes/InquiryQuoteScreen"),
  claims: () => import("~/features/admin/claims/ClaimsScreen"),
  discounts: () => import("~/features/admin/discounts/DiscountsScreen"),
  discount: () => import("~/features/admin/discounts/DiscountsScreen"),
  audit: () => import("~/features/admin/audit/AuditScreen"),
  outbox: () => import("~/features/admin/outbox/OutboxScreen"),
  reports: () => import("~/features/admin/reports/ReportsScreen"),
  "gst-summary": () => import("~/features/admin/reports/GstSummaryScreen"),
  reviews: () => import("~/features/admin/reviews/ReviewsScreen"),
  "data-requests": () => import("~/features/admin/data-requests/DataRequestsScreen"),
  settings: () => import("~/features/admin/settings/SettingsScreen"),
};

// The first screen's chunk starts loading with the portal's own script rather than after its first
// render (docs/decisions/0152-admin-first-rows-in-the-document.md), and the portal mounts once it is
// here (or failed): React's first commit then replaces the page's painted rows with the screen
// itself, never with a spinner (docs/decisions/0153-admin-first-rows-as-html.md).
// The router starts here too, before the first render: the first screen then reads the address's
// path and query at once, not the stores' defaults (it would ask for the wrong view).
if (typeof window !== "undefined") {
  startAdminRouter();
  const first = matchAdminRoute(window.location.pathname);
  if (first) await preloadScreen(SCREENS[first.screen]);
}

export default function AdminApp({ shopName = "", shortName = "" }: Props) {
  // The page's admin gate (AuthGate.astro) is checked as soon as the portal is here, not after the
  // shell's scripts that start after the first frame: the same check of the cookies, earlier, so
  // the rows are not held hidden behind "Checking authentication..." (decision 0152).
  useLayoutEffect(() => {
    runAuthGates();
    // The rows the document painted beside the island (OrdersFirstPage) go in the same frame as
    // the portal's first render comes (docs/decisions/0153-admin-first-rows-as-html.md).
    document.querySelector(`[${FIRST_PAINT_ATTRIBUTE}]`)?.remove();
  }, []);
  const path = useStore($adminPath);
  const match = matchAdminRoute(path);
  const Screen = match ? SCREENS[match.screen] : null;
  const main = useRef<HTMLDivElement>(null);
  const firstPath = useRef(path);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the screen, not the match object (new on every render)
  useEffect(() => {
    const title = match ? SCREEN_TITLES[match.screen] : "Page not found";
    document.title = shopName ? `${title} | ${shopName}` : title;
    // A client-side move is announced like a page load; the first render keeps the browser's focus.
    if (path !== firstPath.current) {
      firstPath.current = "";
      main.current?.focus({ preventScroll: true });
    }
  }, [path, match?.screen, shopName]);

  return (
    <AdminFrame current={path} screenRef={main}>
      {Screen ? (
        <ScreenBoundary key={path}>
          <ScreenLoader
            key={path}
            load={Screen}
            props={{ id: match?.id, shortName, shopName } satisfies ScreenProps}
          />
        </ScreenBoundary>
      ) : (
        <p className="text-ink-700">Page not found</p>
      )}
    </AdminFrame>
  );
}
