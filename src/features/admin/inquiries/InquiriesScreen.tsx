/**
 * The custom-order inquiries inbox (/admin/inquiries): newest first, one page at a time from the
 * server with a status filter kept in the address (docs/decisions/0053-admin-lists-on-the-server.md),
 * and each inquiry's status set by the owner (new, contacted, closed; the select moves only once
 * the server has saved it). Quoted and paid come from the quote flow.
 */
import ListScreen from "~/features/admin/shell/ListScreen";
import { useStore } from "@nanostores/react";
import { useState } from "react";
import QuoteLink from "~/features/admin/quotes/QuoteLink";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { $adminSearch, setSearch } from "~/features/admin/shell/admin-router";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
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
    <ListScreen
      title="Inquiries"
      filter={{
        value: view.status,
        options: [
          ["", "All"],
          ...INQUIRY_STATUSES.map((s) => [s, INQUIRY_STATUS_LABELS[s]] as const),
        ],
        onChange: (status) =>
          setSearch(inquiriesSearch({ status: status as InquiryStatus | "", page: 0 }), {
            push: true,
          }),
      }}
      data={data}
      loading="Loading inquiries"
      failed="The inquiries could not be loaded."
      count={({ inquiries, total }) => ({ rows: inquiries.length, total })}
      empty="No inquiries yet."
      page={view.page}
      pageSize={INQUIRIES_PAGE_SIZE}
      pagerLabel="Pages of inquiries"
      onPage={(page) => setSearch(inquiriesSearch({ ...view, page }), { push: true })}
    >
      {({ inquiries }) => (
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
      )}
    </ListScreen>
  );
}
