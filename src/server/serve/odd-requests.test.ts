/**
 * Odd requests at the server's own layer (serve.ts, odd-requests.ts; docs/decisions/0073-odd-requests.md),
 * through raw sockets: what no HTTP client would send. A fake Astro handler builds its URL from the
 * Host as Astro does; e2e/security.spec.ts checks the same against the built shop.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrapHandler } from "./serve";
import { BAD_HOST, NOT_A_PATH, TWO_HOSTS } from "./odd-requests";

let dir: string;
let server: Server;
let port: number;
const seen: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "resin-odd-"));
  server = createServer(
    wrapHandler((req, res) => {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      seen.push(url.pathname);
      if (url.pathname === "/v2/big") {
        // Refuses at once, as readBodyText does past the cap, without reading the body.
        res.writeHead(413, { "content-type": "application/json" });
        return void res.end('{"error":"The request body is too large."}');
      }
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(`page ${url.pathname}`);
    }, dir),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** Sends raw bytes; answers what came back when the server closed or went quiet for 500 ms. */
function raw(...chunks: string[]): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    let text = "";
    let timer: NodeJS.Timeout | undefined;
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed });
    };
    socket.on("data", (data: Buffer) => {
      text += data.toString("latin1");
      clearTimeout(timer);
      timer = setTimeout(() => done(false), 500);
    });
    socket.on("close", () => done(true));
    socket.on("error", () => done(true));
    socket.once("connect", () => {
      for (const chunk of chunks) socket.write(chunk);
      timer = setTimeout(() => done(false), 1500);
    });
  });
}

const statusOf = (text: string) => Number(text.split(" ")[1]);
const bodyOf = (text: string) => text.slice(text.indexOf("\r\n\r\n") + 4);

describe("odd requests", () => {
  it("a Host with credentials, a tab or a slash is a 400 (JSON on API addresses)", async () => {
    const before = seen.length;
    for (const host of ["localhost:4321@evil.example", "local\thost", "evil.example/x"]) {
      const page = await raw(`GET / HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      expect(statusOf(page.text), host).toBe(400);
      expect(bodyOf(page.text)).toBe(BAD_HOST);
      expect(page.text).toMatch(/connection: close/i);
    }
    const api = await raw("GET /v2/products HTTP/1.1\r\nHost: localhost@evil.example\r\n\r\n");
    expect(statusOf(api.text)).toBe(400);
    expect(JSON.parse(bodyOf(api.text))).toEqual({ error: BAD_HOST });
    expect(seen.length).toBe(before); // nothing reached the app
  });

  it("an absolute-form target is a 400, whatever the method; two Host headers too", async () => {
    const get = await raw("GET http://evil.example/admin HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(statusOf(get.text)).toBe(400);
    expect(bodyOf(get.text)).toBe(NOT_A_PATH);
    const post = await raw(
      "POST http://evil.example/v2/carts HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}",
    );
    expect(JSON.parse(bodyOf(post.text))).toEqual({ error: NOT_A_PATH });
    const two = await raw("GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n");
    expect(statusOf(two.text)).toBe(400);
    expect(bodyOf(two.text)).toBe(TWO_HOSTS);
  });

  it("ordinary requests pass, keep their connection, and carry the file security headers", async () => {
    const answer = await raw(
      "GET /products HTTP/1.1\r\nHost: localhost:4321\r\n\r\n",
      "GET /other HTTP/1.1\r\nHost: [::1]:4321\r\n\r\n",
    );
    expect(answer.text.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    expect(answer.text).toContain("page /other");
    expect(answer.text).toMatch(/x-frame-options: DENY/i);
    expect(answer.closed).toBe(false);
  });

  it("a 413 before the chunked body was read says connection: close and closes", async () => {
    const piece = `4000\r\n${"x".repeat(0x4000)}\r\n`;
    const answer = await raw(
      "POST /v2/big HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
      piece,
      piece,
    );
    expect(statusOf(answer.text)).toBe(413);
    expect(answer.text).toMatch(/connection: close/i);
    expect(answer.closed).toBe(true);
  });
});
