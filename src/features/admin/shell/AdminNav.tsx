/** The admin navigation of SPEC §2: links that switch screens without reloading the page. */
import type { MouseEvent } from "react";
import { ADMIN_NAV, matchAdminRoute } from "./admin-routes";
import { navigate } from "./admin-router";

function isCurrent(href: string, current: string): boolean {
  if (href === "/") return false;
  const here = matchAdminRoute(current)?.screen;
  const target = matchAdminRoute(href)?.screen;
  if (here === "order") return target === "orders";
  if (here === "product") return target === "products";
  if (here === "category") return target === "categories";
  return here !== undefined && here === target;
}

function follow(event: MouseEvent<HTMLAnchorElement>, href: string): void {
  if (href === "/" || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(href);
}

export default function AdminNav({ current }: { current: string }) {
  return (
    <nav aria-label="Admin" className="shrink-0 lg:w-56">
      <ul className="flex flex-wrap gap-2 lg:flex-col">
        {ADMIN_NAV.map(({ label, href }) => {
          const active = isCurrent(href, current);
          return (
            <li key={href}>
              <a
                href={href}
                onClick={(event) => follow(event, href)}
                aria-current={active ? "page" : undefined}
                className={`block rounded-full px-4 py-2 text-sm font-medium ${
                  active ? "bg-ink-900 text-cream-50" : "text-ink-700 hover:bg-cream-100"
                }`}
              >
                {label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
