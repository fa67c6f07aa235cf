/**
 * The admin navigation of docs/product.md §2, only the screens of the signed-in member's role
 * (admin-routes.ts navFor): links that switch screens without reloading the page, and the
 * count of new inquiries beside 'Inquiries' (none shown when it cannot be read).
 */
import { useStore } from "@nanostores/react";
import { type MouseEvent, useEffect } from "react";
import { matchAdminRoute, navFor } from "./admin-routes";
import { $user } from "~/features/account/session-store";
import { useMay } from "./use-may";
import { navigate } from "./admin-router";
import { newInquiries as inquiriesCount } from "./inquiry-count";
import { CountBadge, NavCountBadge, type NavCountLook } from "./CountBadge";
import { openClaims } from "~/features/admin/claims/claims-client";
import { failingMail } from "~/features/admin/outbox/failing-mail-count";
import ParcelAlertsBadge from "~/features/admin/orders/ParcelAlertsBadge";
import { waitingReviews } from "~/features/admin/reviews/review-count";

const INQUIRIES_HREF = "/admin/inquiries";

/** The counts beside these screens' names, each asked by its own badge (nav-count.ts). */
const NAV_COUNTS: Record<string, NavCountLook> = {
  "/admin/outbox": {
    of: failingMail,
    data: "failing-mail",
    says: "failing",
    colors: "bg-red-600 text-white",
  },
  "/admin/reviews": { of: waitingReviews, data: "waiting-reviews", says: "waiting" },
  "/admin/claims": { of: openClaims, data: "open-claims", says: "waiting" },
};

function isCurrent(href: string, current: string): boolean {
  if (href === "/") return false;
  const here = matchAdminRoute(current)?.screen;
  const target = matchAdminRoute(href)?.screen;
  if (here === "order") return target === "orders";
  if (here === "product") return target === "products";
  if (here === "category") return target === "categories";
  if (here === "discount") return target === "discounts";
  if (here === "gst-summary") return target === "reports";
  return here !== undefined && here === target;
}

function follow(event: MouseEvent<HTMLAnchorElement>, href: string): void {
  if (href === "/" || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(href);
}

export default function AdminNav({ current }: { current: string }) {
  const newInquiries = useStore(inquiriesCount.$count);
  const role = useStore($user)?.role;
  // A badge's count is asked only by a role that may read it (docs/team.md).
  const may = useMay();
  const countsInquiries = may("GET", "/v2/admin/inquiries/count");
  const seesParcels = may("GET", "/v2/admin/shipments/alerts");
  useEffect(() => {
    if (countsInquiries) void inquiriesCount.refresh();
  }, [current, countsInquiries]);

  return (
    <nav aria-label="Admin" className="shrink-0 lg:w-56">
      <ul className="flex flex-wrap gap-2 lg:flex-col">
        {navFor(role).map(({ label, href }) => {
          const active = isCurrent(href, current);
          return (
            <li key={href}>
              <a
                href={href}
                onClick={(event) => follow(event, href)}
                aria-current={active ? "page" : undefined}
                className={`flex items-center justify-between gap-2 rounded-full px-4 py-2 text-sm font-medium ${
                  active ? "bg-ink-900 text-cream-50" : "text-ink-700 hover:bg-cream-100"
                }`}
              >
                {label}
                {href === INQUIRIES_HREF && (
                  <CountBadge count={newInquiries} data="new-inquiries" says="new" />
                )}
                {NAV_COUNTS[href] && <NavCountBadge current={current} {...NAV_COUNTS[href]} />}
                {href === "/admin" && seesParcels && <ParcelAlertsBadge current={current} />}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
