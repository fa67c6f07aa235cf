import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startAuthEmulator } from "./emulator";

describe("startAuthEmulator", () => {
  let squatter: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (squatter ? squatter.close(() => resolve()) : resolve()));
    squatter = undefined;
  });

  it("refuses a port something already answers on, instead of taking it for the new emulator", async () => {
    squatter = createServer((_req, res) => res.end("{}"));
    await new Promise<void>((resolve) => squatter!.listen(0, "127.0.0.1", resolve));
    const port = (squatter.address() as AddressInfo).port;
    await expect(startAuthEmulator({ port, quiet: true })).rejects.toThrow(
      `Port ${port} is already in use`,
    );
  });
});
