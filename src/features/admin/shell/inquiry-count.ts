/**
 * The count of new custom-order inquiries beside 'Inquiries' in the admin navigation (docs/product.md
 * §2 Admin navigation): GET /v2/admin/inquiries/count?status=new, read as every navigation count is
 * (nav-count.ts); the inquiries screen refreshes it after a status change.
 */
import { navCount } from "./nav-count";

export const newInquiries = navCount("/v2/admin/inquiries/count?status=new", "new inquiries");
