/**
 * The server's webhook lane (webhook-lane.ts): a POST to /{provider}/webhook is read once and
 * offered to the registered lane; what it answers is sent with the request's id, and what it leaves
 * (null) reaches the app with the same bytes as `req.body`, as Astro's Node adapter reads it. A
 * body over the route's limit, or without a declared length, reaches the app unread.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrapHandler } from "./serve";
import { WEBHOOK_LANE_KEY, type WebhookLane } from "./webhook-lane";

let dir: string;
let server: Server;
let base: string;
const appSaw: { url: string; body: string; buffered: boolean }[] = [];
const laneSaw: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "resin-webhook-lane-"));
  server = createServer(
    wrapHandler(async (req, res) => {
      const buffered = (req as IncomingMessage & { body?: Buffer }).body;
      let body = buffered;
      if (!body) {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        body = Buffer.concat(chunks);
      }
      appSaw.push({ url: req.url ?? "", body: body.toString(), buffered: Boolean(buffered) });
      res.writeHead(200, { "content-type": "text/plain" }).end("from the app");
    }, dir),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const lane: WebhookLane = async (request, provider) => {
    const text = await request.text();
    laneSaw.push(`${provider} ${text.length}`);
    if (text !== "sent again") return null;
    return {
      status: 200,
      headers: new Headers({ "content-type": "application/json", "content-length": "2" }),
      body: Buffer.from("{}"),
    };
  };
  (globalThis as Record<symbol, unknown>)[WEBHOOK_LANE_KEY] = lane;
});

afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[WEBHOOK_LANE_KEY];
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const post = (url: string, body: BodyInit) => fetch(`${base}${url}`, { method: "POST", body });

describe("the webhook lane", () => {
  it("sends the lane's answer, and hands the app the body it read when the lane leaves it", async () => {
    const replay = await post("/cashfree/webhook", "sent again");
    expect(await replay.text()).toBe("{}");
    expect(replay.headers.get("x-request-id")).toBeTruthy();
    expect(appSaw).toEqual([]);
    const first = await post("/cashfree/webhook", "a first delivery");
    expect(await first.text()).toBe("from the app");
    expect(appSaw).toEqual([
      { url: "/cashfree/webhook", body: "a first delivery", buffered: true },
    ]);
    expect(laneSaw).toEqual(["cashfree 10", "cashfree 16"]);
  });

  it("leaves other addresses, long bodies and bodies without a length to the app, unread", async () => {
    appSaw.length = 0;
    laneSaw.length = 0;
    await (await post("/v2/orders", "sent again")).text();
    await (await post("/cashfree/webhook", "x".repeat(64 * 1024 + 1))).text();
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("sent again"));
        controller.close();
      },
    });
    const init = { method: "POST", body: chunked, duplex: "half" } as RequestInit;
    await (await fetch(`${base}/cashfree/webhook`, init)).text();
    expect(laneSaw).toEqual([]);
    expect(appSaw.map((seen) => [seen.url, seen.body.length, seen.buffered])).toEqual([
      ["/v2/orders", 10, false],
      ["/cashfree/webhook", 64 * 1024 + 1, false],
      ["/cashfree/webhook", 10, false],
    ]);
  });
});
