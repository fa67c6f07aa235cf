/**
 * The document's first answer in the browser (docs/decisions/0152-admin-first-rows-in-the-document.md):
 * taken once, for its exact path only, amounts in paise like the API client's, and gone from the
 * page once read.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  FIRST_ANSWER_FRESH_MS,
  FIRST_ANSWER_ID,
  peekFirstAnswer,
  readFirstAnswer,
  resetFirstAnswer,
  takeFirstAnswer,
} from "./first-answer";

const PATH = "/v2/admin/allorders?limit=50&offset=0";

function documentWith(answer: { path: string; body: string } | null, readyState = "complete") {
  const removed = vi.fn();
  const element = answer && {
    getAttribute: (name: string) => (name === "data-path" ? answer.path : null),
    textContent: answer.body,
    remove: removed,
  };
  vi.stubGlobal("document", {
    readyState,
    getElementById: (id: string) => (id === FIRST_ANSWER_ID ? element : null),
  });
  return removed;
}

describe("the document's first answer", () => {
  beforeEach(() => resetFirstAnswer());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("answers its own path once, in paise, and takes itself out of the page", () => {
    const removed = documentWith({
      path: PATH,
      body: JSON.stringify([{ id: "o1", pricing: { total: 1499.5 } }]),
    });
    expect(takeFirstAnswer("/v2/admin/reviews/count?status=pending")).toBeUndefined();
    expect(takeFirstAnswer(PATH)).toEqual([{ id: "o1", pricing: { total: 149_950 } }]);
    expect(removed).toHaveBeenCalled();
    // A second ask (Try again, a page change and back) goes to the server.
    expect(takeFirstAnswer(PATH)).toBeUndefined();
  });

  it("answers nothing for another view's path, without one in the page, or when unreadable", () => {
    documentWith({ path: PATH, body: "[]" });
    expect(takeFirstAnswer("/v2/admin/allorders?status=shipped&limit=50&offset=0")).toBeUndefined();
    resetFirstAnswer();
    documentWith(null);
    expect(takeFirstAnswer(PATH)).toBeUndefined();
    resetFirstAnswer();
    documentWith({ path: PATH, body: "[{" });
    expect(takeFirstAnswer(PATH)).toBeUndefined();
  });

  it("looks again while the page is still being parsed, and answers once the block is there", () => {
    documentWith(null, "loading");
    expect(takeFirstAnswer(PATH)).toBeUndefined();
    documentWith({ path: PATH, body: "[]" });
    expect(takeFirstAnswer(PATH)).toEqual([]);
  });

  it("is shown by a peek without being taken; the take then answers the same rows once", () => {
    documentWith({ path: PATH, body: JSON.stringify([{ id: "o1", pricing: { total: 10 } }]) });
    expect(peekFirstAnswer("/v2/admin/allorders?status=shipped&limit=50&offset=0")).toBeUndefined();
    const peeked = peekFirstAnswer(PATH);
    expect(peeked).toEqual([{ id: "o1", pricing: { total: 1000 } }]);
    expect(peekFirstAnswer(PATH)).toBe(peeked);
    expect(takeFirstAnswer(PATH)).toBe(peeked);
    expect(peekFirstAnswer(PATH)).toBeUndefined();
    expect(takeFirstAnswer(PATH)).toBeUndefined();
  });

  it("reads a body on the server as the API client does (rupees to paise), or nothing", () => {
    const body = JSON.stringify([{ pricing: { total: 1499.5, subtotal: 1 }, quantity: 2 }]);
    expect(readFirstAnswer({ path: PATH, body })).toEqual([
      { pricing: { total: 149_950, subtotal: 100 }, quantity: 2 },
    ]);
    expect(readFirstAnswer({ path: PATH, body: "[{" })).toBeUndefined();
  });

  it("is not shown once the page has been open too long", () => {
    documentWith({ path: PATH, body: "[]" });
    vi.spyOn(performance, "now").mockReturnValue(FIRST_ANSWER_FRESH_MS + 1);
    expect(takeFirstAnswer(PATH)).toBeUndefined();
  });
});
