/**
 * The second half of `npm run build`: bundles the production start (serve-built.ts) and the HTTP
 * server around Astro's handler (src/server/serve/serve.ts) into dist/serve/, and copies the
 * migrations to dist/migrations, so `dist/` plus package.json and package-lock.json is all that
 * `npm install --omit=dev && npm run serve` needs (docs/decisions/0115-serve-the-build.md).
 * Packages stay imports (resolved from node_modules at run time); only our own code is bundled.
 */
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

export async function bundleServe(): Promise<void> {
  const out = path.resolve("dist/serve");
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: {
      "serve-built": "src/server/cli/serve-built.ts",
      server: "src/server/serve/serve.ts",
    },
    outdir: out,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node22",
    logLevel: "warning",
  });
  const migrations = path.resolve("dist/migrations");
  rmSync(migrations, { recursive: true, force: true });
  cpSync(path.resolve("src/server/db/migrations"), migrations, { recursive: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await bundleServe();
  console.log("Bundled the production start into dist/serve/ (npm run serve).");
}
