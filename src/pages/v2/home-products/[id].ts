import { patchHomeProduct } from "../../../features/admin/admin.api";
import { methods } from "../../../server/http";

export const { PATCH, ALL } = methods({ PATCH: patchHomeProduct });
