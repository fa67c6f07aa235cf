import type { APIRoute } from "astro";
import { robotsTxt } from "~/features/catalogue/sitemap.server";
import { shopConfig } from "~/server/shop-config";

export const GET: APIRoute = () =>
  new Response(robotsTxt(shopConfig().siteUrl), {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "public, max-age=86400",
    },
  });
