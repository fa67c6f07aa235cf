import { patchInquiryStatus } from "~/features/admin/inquiries/inquiries.api";
import { methods } from "~/server/http";

export const { PATCH, ALL } = methods({ PATCH: patchInquiryStatus });
