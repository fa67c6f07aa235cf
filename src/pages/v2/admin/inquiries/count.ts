import { getInquiryCount } from "~/features/admin/inquiries/inquiries.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getInquiryCount });
