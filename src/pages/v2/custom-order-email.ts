import { postInquiry } from "~/features/inquiries/inquiry.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postInquiry });
