/** The server's V8 flags per database (docs/decisions/0048-server-memory.md, 0150, 0161). */
import { describe, expect, it } from "vitest";
import { SERVER_ENV, serverFlags } from "./server-flags";

describe("serverFlags", () => {
  it("keeps PGlite's heap growing slowly (no DATABASE_URL), whose engine is in the process", () => {
    for (const url of [undefined, ""])
      expect(serverFlags(url)).toEqual([
        "--heap-growing-percent=10",
        "--max-semi-space-size=4",
        "--liftoff-only",
      ]);
  });

  it("lets V8 size the heap on PostgreSQL, where the memory target holds without it", () => {
    expect(serverFlags("postgres://shop@db:5432/shop")).toEqual([
      "--max-semi-space-size=16",
      "--liftoff-only",
    ]);
  });

  it("starts the server with the production builds of React and the other packages", () => {
    expect(SERVER_ENV.NODE_ENV).toBe("production");
  });
});
