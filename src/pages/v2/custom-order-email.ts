import { postInquiry } from "../../features/inquiries/inquiry.handlers.server";
import { methods } from "../../server/http";

export const { POST, ALL } = methods({ POST: postInquiry });
