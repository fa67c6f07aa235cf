/**
 * API addresses skip the adapter's file look-up (docs/decisions/0330-api-requests-skip-the-file-look-up.md):
 * the build step exports `appHandler` from the installed adapter's entry (app-handler-export.ts),
 * and the server's layers (serve.ts) send an API address to it and every other address to the
 * adapter's whole handler (files first). Fakes stand in for both handlers.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withAppHandler } from "./app-handler-export";
import { wrapHandler } from "./serve";

describe("the build step", () => {
  it("exports appHandler from the installed adapter's server entry, made on its one app", () => {
    const require = createRequire(import.meta.url);
    const adapter = path.dirname(require.resolve("@astrojs/node/package.json"));
    const entry = readFileSync(path.join(adapter, "dist", "server.js"), "utf8");
    const code = withAppHandler(entry);
    expect(code.startsWith(entry)).toBe(true);
    expect(code).toMatch(/export const appHandler = shopCreateAppHandler\(app, options\);/);
    expect(code).toMatch(/from "\.\/serve-app\.js"/);
    expect(readFileSync(path.join(adapter, "dist", "serve-app.js"), "utf8")).toMatch(
      /function createAppHandler\(app, options\)/,
    );
  });

  it("stops the build when the entry is no longer what it expects", () => {
    expect(() => withAppHandler(`export const handler = () => {};`)).toThrow(
      /server entry changed/,
    );
  });
});

const calls: string[] = [];
const fake =
  (name: string): RequestListener =>
  (req, res) => {
    calls.push(`${name} ${req.method} ${req.url}`);
    res.writeHead(200, { "content-type": "text/plain" }).end(name);
  };
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer(wrapHandler(fake("files+app"), "/nonexistent-client-dir", fake("app")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("which handler answers", () => {
  it("sends API addresses to the handler without the file look-up", async () => {
    calls.length = 0;
    const add = await fetch(`${base}/v2/carts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(await add.text()).toBe("app");
    expect(await (await fetch(`${base}/create-order?x=1`, { method: "POST" })).text()).toBe("app");
    expect(await (await fetch(`${base}/healthz`)).text()).toBe("app");
    expect(calls).toEqual(["app POST /v2/carts", "app POST /create-order?x=1", "app GET /healthz"]);
  });

  it("sends every other address to the adapter's whole handler, files first", async () => {
    calls.length = 0;
    expect(await (await fetch(`${base}/favicon.ico`)).text()).toBe("files+app");
    expect(await (await fetch(`${base}/products?page=2`)).text()).toBe("files+app");
    expect(await (await fetch(`${base}/v2x/carts`)).text()).toBe("files+app");
    expect(calls).toEqual([
      "files+app GET /favicon.ico",
      "files+app GET /products?page=2",
      "files+app GET /v2x/carts",
    ]);
  });

  it("answers 400 to an API address that is not a valid URI, as the adapter does", async () => {
    calls.length = 0;
    const res = await fetch(`${base}/v2/carts/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(calls).toEqual([]);
  });
});
