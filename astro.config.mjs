// @ts-check
import { defineConfig } from "astro/config";
import node from "@astrojs/node";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { appHandlerExport } from "./src/server/serve/app-handler-export.ts";

// Server output: every page is rendered on request by the Node standalone server.
// Islands (React) hydrate only where a person interacts; see docs/decisions/0001-astro-islands.md.
export default defineConfig({
  output: "server",
  // Pages are rendered whole before they are sent: one compression call per page instead of one per
  // streamed chunk (docs/decisions/0041-compression.md).
  adapter: node({ mode: "standalone", experimentalDisableStreaming: true }),
  integrations: [
    react(),
    // `client:touch`: islands that hydrate when a person comes to them (decision 0225).
    {
      name: "client-touch",
      hooks: {
        "astro:config:setup": ({ addClientDirective }) =>
          addClientDirective({ name: "touch", entrypoint: "./src/lib/islands/client-touch.ts" }),
      },
    },
  ],
  site: process.env.PUBLIC_SITE_URL || "http://localhost:4321",
  // No code blocks are highlighted; Shiki's inline styles would not pass the CSP anyway.
  markdown: { syntaxHighlight: false },
  server: { host: "127.0.0.1", port: 4321 },
  // The stylesheet is linked; the middleware puts each page's critical rules inline (a <style> whose
  // hash the CSP lists) and defers the link: docs/decisions/0050-critical-css-per-page.md
  build: { inlineStylesheets: "never" },
  security: {
    // Our middleware does the cross-site form check, for pages only (src/server/request-guards.server.ts):
    // API routes authenticate with bearer tokens and must answer clients that send no Origin.
    checkOrigin: false,
    // Hashes of every script and style Astro emits, in the CSP header (each page then keeps only
    // its own: src/server/critical-css/page-csp.ts); the rest of the policy (frame-ancestors,
    // connect-src...) is the header set in src/server/security-headers.server.ts.
    // docs/decisions/0012-security-headers.md
    csp: {
      scriptDirective: {
        resources: ["'self'", "https://sdk.cashfree.com", "https://apis.google.com"],
      },
      styleDirective: { resources: ["'self'"] },
    },
  },
  vite: {
    // The server entry also exports Astro's handler without the file look-up, for API requests
    // (docs/decisions/0330-api-requests-skip-the-file-look-up.md).
    plugins: [tailwindcss(), appHandlerExport()],
    // PGlite ships WASM and must stay a runtime dependency of the server bundle. Drizzle is bundled:
    // loaded from node_modules, each of its hundreds of files made Node parse its 180 kB package.json
    // again (~170 MB of garbage on the first request, kept as heap). docs/decisions/0048-server-memory.md
    ssr: {
      external: ["@electric-sql/pglite", "pg", "firebase-admin", "nodemailer"],
      noExternal: ["drizzle-orm"],
    },
    optimizeDeps: { exclude: ["@electric-sql/pglite"] },
  },
});
