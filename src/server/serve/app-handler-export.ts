/**
 * A build step (a Vite plugin, astro.config.mjs): the Node adapter's server entry
 * (`@astrojs/node/server.js`, which becomes dist/server/entry.mjs) also exports `appHandler`,
 * Astro's request handler without the adapter's file server in front of it.
 *
 * The standalone `handler` looks every request up in dist/client first (an `lstat` and a `send`
 * stream's `stat`) and renders only when no file answers, a POST to `/v2/carts` too. An API
 * address (api-paths.ts) is never a file, so our server (serve.ts) sends those straight to
 * `appHandler`; every other request keeps the adapter's whole handler, files first
 * (docs/decisions/0330-api-requests-skip-the-file-look-up.md).
 *
 * `appHandler` is the adapter's own `createAppHandler(app, options)`, made on the entry's one `app`,
 * as its standalone handler makes it. When the entry's text no longer has what this step expects
 * (the adapter changed), the build stops with a sentence saying so; app-handler-export.test.ts
 * reads the installed adapter, so an upgrade that breaks it fails there first.
 */
import type { Plugin } from "vite";

/** The adapter's entry, as Vite names its module. */
const ENTRY = /[\\/]@astrojs[\\/]node[\\/]dist[\\/]server\.js$/;

/** What the entry must hold for the export below to work: its app, its options, the two imports. */
const EXPECTED = [
  /\bconst app = createApp\(/,
  /import \* as options from "virtual:astro-node:config"/,
];

const EXPORT = `
import { createAppHandler as shopCreateAppHandler } from "./serve-app.js";
/** Astro's handler without the file look-up (src/server/serve/app-handler-export.ts). */
export const appHandler = shopCreateAppHandler(app, options);
`;

/** The entry's text with `appHandler` exported; throws when the entry is not as expected. */
export function withAppHandler(code: string): string {
  if (!EXPECTED.every((pattern) => pattern.test(code)))
    throw new Error(
      "@astrojs/node's server entry changed: src/server/serve/app-handler-export.ts cannot export " +
        "appHandler from it. Update that file for the new adapter.",
    );
  return code + EXPORT;
}

export function appHandlerExport(): Plugin {
  return {
    name: "resin-shop:app-handler-export",
    transform(code, id) {
      return ENTRY.test(id.split("?")[0] ?? id) ? withAppHandler(code) : null;
    },
  };
}
