/** The outbox screen's view in the address (docs/decisions/0111): a known state and a page, or none. */
import { describe, expect, it } from "vitest";
import { outboxSearch, readOutboxView } from "./outbox-admin";

describe("the outbox view in the address", () => {
  it("round-trips the state filter and the page", () => {
    expect(outboxSearch({ state: "given-up", page: 1 })).toBe("?state=given-up&page=2");
    expect(readOutboxView("?state=given-up&page=2")).toEqual({ state: "given-up", page: 1 });
    expect(outboxSearch({ state: "", page: 0 })).toBe("");
  });

  it("an unknown state shows every mail; a bad page is the first", () => {
    expect(readOutboxView("?state=lost&page=abc")).toEqual({ state: "", page: 0 });
  });
});
