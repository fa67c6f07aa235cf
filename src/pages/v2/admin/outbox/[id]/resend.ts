import { postResend } from "~/features/admin/outbox/outbox.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postResend });
