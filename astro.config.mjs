// @ts-check
import { defineConfig } from "astro/config";
import node from "@astrojs/node";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";

// Server output: every page is rendered on request by the Node standalone server.
// Islands (React) hydrate only where a person interacts; see docs/decisions/0001-astro-islands.md.
export default defineConfig({
  output: "server",
  adapter: node({ mode: "standalone" }),
  integrations: [react()],
  site: process.env.PUBLIC_SITE_URL || "http://localhost:4321",
  server: { host: "127.0.0.1", port: 4321 },
  // Cross-site form protection is in src/middleware.ts: pages only, never the bearer-only API (decision 0012).
  security: { checkOrigin: false },
  vite: {
    plugins: [tailwindcss()],
    // PGlite ships WASM and must stay a runtime dependency of the server bundle.
    ssr: { external: ["@electric-sql/pglite", "pg", "firebase-admin", "nodemailer"] },
    optimizeDeps: { exclude: ["@electric-sql/pglite"] },
  },
});
