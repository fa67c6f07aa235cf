/** Any /v2 address without a route: a JSON 404 rather than the HTML error page. */
import type { APIRoute } from "astro";
import { errorResponse } from "~/server/http";

export const ALL: APIRoute = ({ url }) => errorResponse(404, `There is no API at ${url.pathname}.`);
