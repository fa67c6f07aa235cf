/**
 * The owner's portal: one client-only island (`client:only="react"` on /admin/**) holding the
 * admin navigation of SPEC §2 and the screens behind it. The server already refused anyone who
 * is not an admin before this page was sent, and checks the role again on every API call.
 * Each screen is its own lazily loaded chunk, so opening the orders never downloads the editor.
 */
import { useStore } from "@nanostores/react";
import { Suspense, lazy, useEffect, type ComponentType, type LazyExoticComponent } from "react";
import Spinner from "../../../components/ui/Spinner";
import { matchAdminRoute, type AdminScreen } from "./admin-routes";
import { $adminPath, startAdminRouter } from "./admin-router";
import AdminNav from "./AdminNav";

export interface ScreenProps {
  /** The `{id}` of a detail path. */
  id?: string;
}

const SCREENS: Record<AdminScreen, LazyExoticComponent<ComponentType<ScreenProps>>> = {
  orders: lazy(() => import("../orders/OrdersScreen")),
  order: lazy(() => import("../orders/OrderScreen")),
  products: lazy(() => import("../products/ProductsScreen")),
  product: lazy(() => import("../products/ProductScreen")),
  "add-product": lazy(() => import("../products/AddProductScreen")),
  categories: lazy(() => import("../categories/CategoriesScreen")),
  category: lazy(() => import("../categories/CategoriesScreen")),
  inquiries: lazy(() => import("../inquiries/InquiriesScreen")),
  inquiry: lazy(() => import("../../custom/admin/InquiryQuoteScreen")),
};

export default function AdminApp() {
  useEffect(startAdminRouter, []);
  const path = useStore($adminPath);
  const match = matchAdminRoute(path);
  const Screen = match ? SCREENS[match.screen] : null;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:flex-row lg:px-8" data-admin-app>
      <AdminNav current={path} />
      <main className="min-w-0 flex-1">
        {Screen ? (
          <Suspense fallback={<Spinner label="Loading" />}>
            <Screen key={path} id={match?.id} />
          </Suspense>
        ) : (
          <p className="text-ink-700">Page not found</p>
        )}
      </main>
    </div>
  );
}
