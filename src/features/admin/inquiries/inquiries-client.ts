/** The inquiries inbox's calls (issue 10 §6), through the portal's API client. */
import { adminGet, adminPatch } from "../shell/admin-api";
import type { AdminInquiry, InquiryStatus, ManualInquiryStatus } from "./inquiries-admin";

/** Sent on window after the owner changes an inquiry's status, so a count shown elsewhere can refresh. */
export const INQUIRY_STATUS_EVENT = "admin:inquiry-status";

export function fetchInquiries(status?: InquiryStatus): Promise<AdminInquiry[]> {
  return adminGet<AdminInquiry[]>(status ? `/v2/admin/inquiries?status=${status}` : "/v2/admin/inquiries");
}

/** `{ count }` of inquiries with that status (the navigation shows the new ones). */
export async function fetchInquiryCount(status: InquiryStatus = "new"): Promise<number> {
  return (await adminGet<{ count: number }>(`/v2/admin/inquiries/count?status=${status}`)).count;
}

export async function saveInquiryStatus(id: string, status: ManualInquiryStatus): Promise<AdminInquiry> {
  const saved = await adminPatch<AdminInquiry>(`/v2/admin/inquiries/${encodeURIComponent(id)}?status=${status}`);
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent(INQUIRY_STATUS_EVENT, { detail: saved }));
  return saved;
}
