import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { waitForHttp } from "./processes";

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("waitForHttp", () => {
  it("waits for a slow first answer instead of asking again (a second request would log after the banner)", async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests += 1;
      setTimeout(() => res.end("ok"), 2500);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    close = () => server.close();
    const { port } = server.address() as AddressInfo;
    await waitForHttp(`http://127.0.0.1:${port}/`, 10_000);
    expect(requests).toBe(1);
  });

  it("still gives up after its whole time", async () => {
    const server = createServer(() => {}); // never answers
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    close = () => {
      server.closeAllConnections();
      server.close();
    };
    const { port } = server.address() as AddressInfo;
    await expect(waitForHttp(`http://127.0.0.1:${port}/`, 1500)).rejects.toThrow(
      "did not answer within 1.5s",
    );
  });
});
