import { getOutbox } from "~/features/admin/outbox/outbox.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getOutbox });
