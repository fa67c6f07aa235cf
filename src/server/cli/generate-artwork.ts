/**
 * Regenerates every demo picture under public/images/ (products, collections, fallbacks, the
 * social card) and public/favicon.svg from src/server/seed/. Deterministic: running it twice
 * gives the same bytes. Usage: `npx tsx src/server/cli/generate-artwork.ts`.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  renderCategorySvg,
  renderDefaultCategorySvg,
  renderFallbackProductSvg,
  renderFaviconSvg,
  renderOgSvg,
  renderProductSvg,
} from "~/server/seed/artwork";
import { productImages, SEED_CATEGORIES, SEED_PRODUCTS } from "~/server/seed/catalogue-data";

const MAX_BYTES = 25 * 1024;
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../public");

// Render everything first, so a failure leaves the committed files untouched.
const files = new Map<string, string>();
for (const p of SEED_PRODUCTS) {
  for (const image of productImages(p))
    files.set(image.file, renderProductSvg(p.art, p.id, image.alt, image.view));
}
for (const c of SEED_CATEGORIES) {
  files.set(
    `images/categories/${c.slug}.svg`,
    renderCategorySvg(c.art, `category-${c.slug}`, `${c.id} collection`, c.sideArt),
  );
}
files.set("images/fallback-product.svg", renderFallbackProductSvg());
files.set("images/default-category.svg", renderDefaultCategorySvg());
files.set("images/og-default.svg", renderOgSvg());
files.set("favicon.svg", renderFaviconSvg());

// Remove product pictures no product uses any more (a renamed product leaves nothing behind).
const productsDir = path.join(publicDir, "images/products");
mkdirSync(productsDir, { recursive: true });
for (const name of readdirSync(productsDir)) {
  if (name.endsWith(".svg") && !files.has(`images/products/${name}`))
    rmSync(path.join(productsDir, name));
}

let largest = { file: "", bytes: 0 };
for (const [relative, svg] of files) {
  const file = path.join(publicDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, svg);
  const bytes = Buffer.byteLength(svg);
  if (bytes > largest.bytes) largest = { file: relative, bytes };
  if (bytes > MAX_BYTES) console.warn(`warning: ${relative} is ${bytes} bytes (over ${MAX_BYTES})`);
}

console.log(
  `Wrote ${files.size} SVG files under ${path.relative(process.cwd(), publicDir) || "."}; largest ${largest.file} (${largest.bytes} bytes).`,
);
