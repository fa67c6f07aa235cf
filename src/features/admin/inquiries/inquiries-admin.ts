/**
 * The inquiries inbox's pure rules (docs/product.md §2 Admin inquiries): the statuses, which ones the owner sets by hand,
 * the moves allowed (decision 0039), and the answer's shape. Shared by the screen and the server.
 */

/** The table's statuses (src/server/db/schema/inquiries.ts; a unit test keeps the two equal). */
export const INQUIRY_STATUSES = ["new", "contacted", "quoted", "paid", "closed"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** What the owner sets from the inbox; quoted and paid belong to the quote flow (decision 0045). */
export const MANUAL_INQUIRY_STATUSES = ["new", "contacted", "closed"] as const;
export type ManualInquiryStatus = (typeof MANUAL_INQUIRY_STATUSES)[number];

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  paid: "Paid",
  closed: "Closed",
};

/** One inquiry as GET /v2/admin/inquiries answers it (the sender's address is not shown). */
export interface AdminInquiry {
  id: string;
  name: string;
  email: string;
  productType: string;
  colors: string;
  size: string;
  budget: string;
  /** Phone or WhatsApp, or "" (decision 0211). */
  phone: string;
  /** Her uploaded photos (decision 0211). */
  photos: string[];
  /** "YYYY-MM-DD", or "" when the customer gave no date (decision 0122). */
  neededBy: string;
  description: string;
  status: InquiryStatus;
  createdAt: string;
  updatedAt: string;
}

/**
 * The statuses the owner may pick for an inquiry now: new, contacted and closed move freely among
 * themselves; once the quote flow has it (quoted, paid), the owner can only close it.
 */
export function manualTargets(from: InquiryStatus): readonly ManualInquiryStatus[] {
  return from === "quoted" || from === "paid" ? ["closed"] : MANUAL_INQUIRY_STATUSES;
}

export function canSetInquiryStatus(from: InquiryStatus, to: string): to is ManualInquiryStatus {
  return from === to || (manualTargets(from) as readonly string[]).includes(to);
}

/** The statuses the status select offers for an inquiry: its own first, then those the owner may set. */
export function statusChoices(current: InquiryStatus): InquiryStatus[] {
  return [current, ...manualTargets(current).filter((s) => s !== current)];
}

/** Inquiries per page of the inbox (docs/decisions/0053-admin-lists-on-the-server.md). */
export const INQUIRIES_PAGE_SIZE = 50;

/** The inbox's filter and page, kept in the address (?status=&page=). */
export interface InquiriesView {
  status: InquiryStatus | "";
  /** 0-based (1-based in the address). */
  page: number;
}

export function readInquiriesView(search: string): InquiriesView {
  const params = new URLSearchParams(search);
  const status = params.get("status") ?? "";
  const page = Number(params.get("page") ?? "1");
  return {
    status: (INQUIRY_STATUSES as readonly string[]).includes(status)
      ? (status as InquiryStatus)
      : "",
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

export function inquiriesSearch(view: InquiriesView): string {
  const params = new URLSearchParams();
  if (view.status) params.set("status", view.status);
  if (view.page > 0) params.set("page", String(view.page + 1));
  const text = params.toString();
  return text ? `?${text}` : "";
}
