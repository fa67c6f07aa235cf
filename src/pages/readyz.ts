import { readyz } from "~/server/health.server";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: readyz });
