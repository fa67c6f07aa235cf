/** The inquiries inbox's calls (issue 10 §6), through the portal's API client. */
import { adminGet, adminPatch } from "../shell/admin-api";
import { refreshNewInquiries } from "../shell/inquiry-count";
import type { AdminInquiry, InquiryStatus, ManualInquiryStatus } from "./inquiries-admin";

export function fetchInquiries(status?: InquiryStatus): Promise<AdminInquiry[]> {
  return adminGet<AdminInquiry[]>(
    status ? `/v2/admin/inquiries?status=${status}` : "/v2/admin/inquiries",
  );
}

/** Saves the owner's status and refreshes the navigation's count of new inquiries. */
export async function saveInquiryStatus(
  id: string,
  status: ManualInquiryStatus,
): Promise<AdminInquiry> {
  const saved = await adminPatch<AdminInquiry>(
    `/v2/admin/inquiries/${encodeURIComponent(id)}?status=${status}`,
  );
  void refreshNewInquiries();
  return saved;
}
