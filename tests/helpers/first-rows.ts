/**
 * The page the /admin document paints (src/pages/admin/[...path].astro) for a carried
 * answer (docs/decisions/0153-admin-first-rows-as-html.md): the orders' first page drawn by the
 * screen's components on the server, or the plain "Loading..." without one.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import OrdersFirstPage, { carriedPage } from "~/features/admin/orders/OrdersFirstPage";
import type { FirstAnswer } from "~/features/admin/shell/first-answer";

export function firstRowsHtml(address: string, first: FirstAnswer | null): string {
  const orders = carriedPage(first);
  if (!orders) return "Loading...";
  const url = new URL(address, "http://127.0.0.1");
  return renderToStaticMarkup(
    createElement(OrdersFirstPage, { path: url.pathname, search: url.search, orders }),
  );
}
