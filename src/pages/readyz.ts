/** GET /readyz: the database answers and every migration is applied (JSON, no secrets). */
import { readyz } from "../server/health.server";
import { methods } from "../server/http";

export const { GET, ALL } = methods({ GET: () => readyz() });
