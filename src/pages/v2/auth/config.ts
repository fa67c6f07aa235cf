import { json, methods } from "~/server/http";
import { firebaseWebConfig } from "~/server/auth/web-config.server";

/** GET /v2/auth/config: the public Firebase web configuration (null when sign-in is not configured). */
export const { GET, ALL } = methods({ GET: () => json({ firebase: firebaseWebConfig() }) });
