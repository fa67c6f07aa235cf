import type { APIRoute } from "astro";
import { buildSitemap } from "~/features/catalogue/sitemap.server";
import { getDb } from "~/server/db/client";
import { shopConfig } from "~/server/shop-config";

export const GET: APIRoute = async () => {
  const xml = await buildSitemap(await getDb(), shopConfig().siteUrl);
  return new Response(xml, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=3600",
    },
  });
};
