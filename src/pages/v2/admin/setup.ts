import { getSetupGuide } from "~/features/admin/setup/setup.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getSetupGuide });
