/**
 * A busy port is one clear line, and the start banner waits for its own server's health answer,
 * not for whatever answers on the port (docs/limits-and-readiness.md).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { healthz } from "~/server/health.server";
import { assertPortFree, newInstanceId, portBusyLine, waitForOwnServer } from "./own-server";

const servers: Server[] = [];
/** Another process on a port: answers every request with `body`. */
function squatter(body: unknown): Promise<number> {
  const server = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(body));
  });
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  delete process.env.SHOP_INSTANCE_ID;
});

describe("a busy port", () => {
  it("is refused before the start with one clear line", async () => {
    const port = await squatter({ status: "ok" });
    await expect(assertPortFree("127.0.0.1", port)).rejects.toThrow(
      portBusyLine("127.0.0.1", port),
    );
    expect(portBusyLine("127.0.0.1", port)).not.toMatch(/\n/);
  });

  it("lets a free port through", async () => {
    const port = await squatter({});
    await new Promise((r) => servers.pop()!.close(r));
    await expect(assertPortFree("127.0.0.1", port)).resolves.toBeUndefined();
  });

  it("stops the wait for the banner when another process answers the health check", async () => {
    const port = await squatter({ status: "ok", uptimeSeconds: 9000 });
    const base = `http://127.0.0.1:${port}`;
    await expect(
      waitForOwnServer(base, newInstanceId(), { host: "127.0.0.1", port }, undefined, 5000),
    ).rejects.toThrow(portBusyLine("127.0.0.1", port));
  });

  it("takes the answer of the server started with this instance id", async () => {
    process.env.SHOP_INSTANCE_ID = newInstanceId();
    const answer = await healthz().json();
    expect(answer).toMatchObject({ status: "ok", instance: process.env.SHOP_INSTANCE_ID });
    const port = await squatter(answer);
    await expect(
      waitForOwnServer(
        `http://127.0.0.1:${port}`,
        process.env.SHOP_INSTANCE_ID,
        { host: "127.0.0.1", port },
        undefined,
        5000,
      ),
    ).resolves.toBeUndefined();
  });
});

describe("npm start on a busy port", () => {
  it("stops with the one line before building or starting anything", async () => {
    const saved = { ...process.env };
    const port = await squatter({ status: "ok" });
    process.env.PORT = String(port);
    process.env.HOST = "127.0.0.1";
    process.env.SKIP_BUILD = "true";
    try {
      const { start } = await import("./start");
      await expect(start()).rejects.toThrow(portBusyLine("127.0.0.1", port));
    } finally {
      process.env = saved;
    }
  });
});
