/** GET /healthz: the process is up (JSON, no secrets). */
import { healthz } from "../server/health.server";
import { methods } from "../server/http";

export const { GET, ALL } = methods({ GET: () => healthz() });
