/**
 * The request layer of the shop's server (docs/decisions/0112, 0113): `X-Request-Id` on every
 * answer (a trusted proxy's id kept, a client's own replaced), the access line with the route the
 * handler named, and a stop's drain that waits for the requests in flight.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { inFlightCount, setRoute, trackRequest, whenIdle } from "./access";
import { log, setLoggerForTests } from "./logger";

let server: Server | undefined;
const saved = process.env.TRUST_PROXY;

afterEach(async () => {
  setLoggerForTests(undefined);
  if (saved === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = saved;
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

function capture(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  setLoggerForTests(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString("utf8").split("\n").filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
  return lines;
}

/** A server whose handler logs one line, names its route and answers after `delayMs`. */
async function start(delayMs = 0): Promise<string> {
  server = createServer(
    trackRequest((_req, res) => {
      setRoute("/thing/[id]");
      log.info("handling");
      setTimeout(() => res.end("ok"), delayMs);
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe("the request layer", () => {
  it("answers X-Request-Id and ties the handler's lines and the access line to it", async () => {
    const lines = capture();
    const base = await start();
    const res = await fetch(`${base}/thing/secret-token-0001?q=asha@example.com`);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    await res.text();
    await new Promise((r) => setTimeout(r, 50));
    const handling = lines.find((l) => l.msg === "handling");
    const access = lines.find((l) => l.msg === "request");
    expect(handling?.reqId).toBe(id);
    expect(access).toMatchObject({ reqId: id, method: "GET", route: "/thing/[id]", status: 200 });
    expect(JSON.stringify(lines)).not.toContain("secret-token-0001");
    expect(JSON.stringify(lines)).not.toContain("asha@example.com");
  });

  it("a health probe that answers gets no access line at the default level", async () => {
    const lines = capture();
    const base = await start();
    await (await fetch(`${base}/readyz`)).text();
    await (await fetch(`${base}/healthz?x=1`)).text();
    await (await fetch(`${base}/readyzz`)).text();
    await new Promise((r) => setTimeout(r, 50));
    const access = lines.filter((l) => l.msg === "request");
    expect(access).toHaveLength(1);
  });

  it("keeps a proxy's X-Request-Id only with TRUST_PROXY", async () => {
    capture();
    const base = await start();
    const headers = { "x-request-id": "proxy-1234-abcd" };
    delete process.env.TRUST_PROXY;
    expect((await fetch(base, { headers })).headers.get("x-request-id")).not.toBe(
      "proxy-1234-abcd",
    );
    process.env.TRUST_PROXY = "1";
    expect((await fetch(base, { headers })).headers.get("x-request-id")).toBe("proxy-1234-abcd");
  });

  it("a stop's drain waits for the requests in flight, which answer with Connection: close", async () => {
    capture();
    const base = await start(400);
    const slow = fetch(`${base}/slow`);
    await new Promise((r) => setTimeout(r, 100));
    expect(inFlightCount()).toBe(1);
    const drained = whenIdle(5_000);
    const late = await fetch(`${base}/late`);
    expect(late.headers.get("connection")).toBe("close");
    expect((await slow).status).toBe(200);
    expect(await drained).toBe(true);
    expect(inFlightCount()).toBe(0);
  });
});
