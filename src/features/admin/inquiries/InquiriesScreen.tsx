/**
 * The custom-order inquiries inbox (/admin/inquiries): newest first, one page at a time from the
 * server with a status filter kept in the address (docs/decisions/0053-admin-lists-on-the-server.md),
 * and each inquiry's status set by the owner (new, contacted, closed; the select moves only once
 * the server has saved it). Quoted and paid come from the quote flow.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import Pager from "../shell/Pager";
import QuoteLink from "../quotes/QuoteLink";
import type { ScreenProps } from "../shell/AdminApp";
import { $adminSearch, setSearch } from "../shell/admin-router";
import { showPortalError } from "../shell/portal-errors";
import ScreenState from "../shell/ScreenState";
import { useScreenData } from "../shell/use-screen-data";
import {
  INQUIRIES_PAGE_SIZE,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  inquiriesSearch,
  readInquiriesView,
  type AdminInquiry,
  type InquiryStatus,
  type ManualInquiryStatus,
} from "./inquiries-admin";
import { fetchInquiriesPage, saveInquiryStatus } from "./inquiries-client";
import InquiryRow from "./InquiryRow";

export default function InquiriesScreen(_props: ScreenProps) {
  const view = readInquiriesView(useStore($adminSearch));
  const data = useScreenData((signal) => fetchInquiriesPage(view, signal), [inquiriesSearch(view)]);
  const [saving, setSaving] = useState<string | null>(null);

  const setStatus = async (inquiry: AdminInquiry, status: ManualInquiryStatus) => {
    if (saving) return;
    setSaving(inquiry.id);
    try {
      const saved = await saveInquiryStatus(inquiry.id, status);
      data.update((page) => ({
        ...page,
        inquiries: page.inquiries
          .map((i) => (i.id === saved.id ? saved : i))
          .filter((i) => !view.status || i.status === view.status),
      }));
    } catch (error) {
      showPortalError(error, "Status not changed");
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl text-ink-900">Inquiries</h1>
        <label className="flex items-center gap-2 text-sm text-ink-700">
          Show
          <select
            value={view.status}
            onChange={(event) =>
              setSearch(
                inquiriesSearch({ status: event.target.value as InquiryStatus | "", page: 0 }),
                { push: true },
              )
            }
            className="rounded-full border border-cream-300 bg-white px-3 py-1.5 text-sm"
          >
            <option value="">All</option>
            {INQUIRY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {INQUIRY_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ScreenState
        data={data}
        loading="Loading inquiries"
        failed="The inquiries could not be loaded."
      >
        {({ inquiries, total }) =>
          inquiries.length === 0 ? (
            <p className="text-ink-500">No inquiries yet.</p>
          ) : (
            <div className={`space-y-4 ${data.refreshing ? "opacity-70" : ""}`}>
              <ul className="flex flex-col gap-3" aria-label="Inquiries">
                {inquiries.map((inquiry) => (
                  <InquiryRow
                    key={inquiry.id}
                    inquiry={inquiry}
                    saving={saving === inquiry.id}
                    onStatus={(i, s) => void setStatus(i, s)}
                    actions={<QuoteLink inquiryId={inquiry.id} />}
                  />
                ))}
              </ul>
              <Pager
                page={view.page}
                pages={Math.max(1, Math.ceil(total / INQUIRIES_PAGE_SIZE))}
                from={view.page * INQUIRIES_PAGE_SIZE + 1}
                to={view.page * INQUIRIES_PAGE_SIZE + inquiries.length}
                total={total}
                label="Pages of inquiries"
                onPage={(page) => setSearch(inquiriesSearch({ ...view, page }), { push: true })}
              />
            </div>
          )
        }
      </ScreenState>
    </section>
  );
}
