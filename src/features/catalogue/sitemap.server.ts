/** /sitemap.xml and /robots.txt bodies, built from the catalogue and PUBLIC_SITE_URL. */
import type { DbOrTx } from "~/server/db/client";
import { categoryPath, productPath } from "./catalogue";
import { listActiveProductStamps, listCategories } from "./catalogue-lists.server";

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );
}

/**
 * Home, /products, the collections shown on the site, every active product and /instructions.
 * A collection the owner hid (show 0) still opens by link, like the list page's filter chips
 * leave it out; it is not offered to search engines either.
 */
export async function buildSitemap(db: DbOrTx, siteUrl: string): Promise<string> {
  const base = siteUrl.replace(/\/$/, "");
  const [categories, products] = await Promise.all([
    listCategories(db, { shownOnly: true }),
    listActiveProductStamps(db),
  ]);
  const entries: { path: string; lastmod?: string }[] = [
    { path: "/" },
    { path: "/products" },
    ...categories.map((c) => ({ path: categoryPath(c.slug) })),
    ...products.map((p) => ({ path: productPath(p.id), lastmod: p.updatedAt })),
    { path: "/instructions" },
  ];
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escapeXml(base + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Everything may be crawled except the private areas and the API. */
export function robotsTxt(siteUrl: string): string {
  const base = siteUrl.replace(/\/$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /checkout",
    "Disallow: /my-",
    "Disallow: /v2/",
    "Disallow: /fragments/",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
