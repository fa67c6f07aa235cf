import { getMyData } from "~/features/privacy/privacy.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { GET, ALL } = methods({ GET: limited("my-data", getMyData) });
