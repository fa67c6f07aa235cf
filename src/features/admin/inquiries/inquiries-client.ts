/**
 * The inquiries area's calls (docs/product.md §7 Admin inquiries), on the portal's one API client: a page of
 * the inbox with its count, the owner's status change. Answer types: inquiries-admin.ts, which the
 * server's code returns too.
 */
import { adminGet, adminPatch, queryString } from "~/features/admin/shell/admin-api";
import { newInquiries } from "~/features/admin/shell/inquiry-count";
import {
  INQUIRIES_PAGE_SIZE,
  type AdminInquiry,
  type InquiriesView,
  type ManualInquiryStatus,
} from "./inquiries-admin";

export interface InquiriesPage {
  inquiries: AdminInquiry[];
  /** How many inquiries the view has in all (the pager's "of N"). */
  total: number;
}

export async function fetchInquiriesPage(
  view: InquiriesView,
  signal?: AbortSignal,
): Promise<InquiriesPage> {
  const status = view.status || undefined;
  const [inquiries, count] = await Promise.all([
    adminGet<AdminInquiry[]>(
      `/v2/admin/inquiries${queryString({
        status,
        limit: INQUIRIES_PAGE_SIZE,
        offset: view.page * INQUIRIES_PAGE_SIZE,
      })}`,
      { signal },
    ),
    adminGet<{ count: number }>(`/v2/admin/inquiries/count${queryString({ status })}`, {
      signal,
    }),
  ]);
  return { inquiries, total: count.count };
}

/** Saves the owner's status and refreshes the navigation's count of new inquiries. */
export async function saveInquiryStatus(
  id: string,
  status: ManualInquiryStatus,
): Promise<AdminInquiry> {
  const saved = await adminPatch<AdminInquiry>(
    `/v2/admin/inquiries/${encodeURIComponent(id)}?status=${status}`,
  );
  void newInquiries.refresh();
  return saved;
}
