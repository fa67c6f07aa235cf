/** The server's V8 flags per database (docs/decisions/0048-server-memory.md, 0150). */
import { describe, expect, it } from "vitest";
import { SERVER_ENV, serverFlags } from "./server-flags";

describe("serverFlags", () => {
  it("keeps V8's memory-saving mode for PGlite (no DATABASE_URL), whose engine is in the process", () => {
    for (const url of [undefined, ""])
      expect(serverFlags(url)).toEqual([
        "--optimize-for-size",
        "--max-semi-space-size=16",
        "--liftoff-only",
      ]);
  });

  it("leaves it out on PostgreSQL, where it costs CPU per write and the memory target holds without it", () => {
    expect(serverFlags("postgres://shop@db:5432/shop")).toEqual([
      "--max-semi-space-size=16",
      "--liftoff-only",
    ]);
  });

  it("starts the server with the production builds of React and the other packages", () => {
    expect(SERVER_ENV.NODE_ENV).toBe("production");
  });
});
