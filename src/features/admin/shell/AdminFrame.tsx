/**
 * The portal's frame: the admin navigation beside the screen's region. AdminApp draws it around the
 * live screen; the /admin document draws the same frame around the orders' first page before the
 * portal's script has run (OrdersFirstPage, docs/decisions/0153-admin-first-rows-as-html.md), so
 * nothing moves when React takes over.
 */
import type { ReactNode, Ref } from "react";
import AdminNav from "./AdminNav";

/** Marks the page the document painted before the portal's script ran; AdminApp removes it. */
export const FIRST_PAINT_ATTRIBUTE = "data-admin-first-paint";

export default function AdminFrame({
  current,
  screenRef,
  children,
}: {
  /** The admin path shown (the navigation marks its screen). */
  current: string;
  /** The screen's region, focused after a move between screens. */
  screenRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <div
      className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:flex-row lg:px-8"
      data-admin-app
    >
      <AdminNav current={current} />
      {/* The layout already has the page's <main>; this is the screen's region, focused after a move. */}
      <div ref={screenRef} tabIndex={-1} className="min-w-0 flex-1 outline-none" data-admin-screen>
        {children}
      </div>
    </div>
  );
}
