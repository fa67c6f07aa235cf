import { getGstSummary } from "~/features/reports/reports.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getGstSummary });
