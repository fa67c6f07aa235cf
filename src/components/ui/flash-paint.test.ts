/**
 * The toaster's inline painter (flash-paint.server.ts, docs/decisions/0333-flash-toasts-at-first-paint.md)
 * run as the browser runs it, against a small stand-in for the page: the `#toaster`, its
 * `<template>` (a toast with a title and a message paragraph, and one icon per type) and
 * sessionStorage. The e2e side (e2e/toasts.spec.ts) runs it in Chromium under the page's CSP.
 */
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FLASH_KEY } from "./flash-toasts";
import { FLASH_PAINT, FLASH_PAINT_HASH } from "./flash-paint.server";

class FakeElement {
  dataset: Record<string, string | undefined> = {};
  textContent = "";
  children: FakeElement[] = [];
  parent: FakeElement | null = null;
  onclick: (() => void) | null = null;
  constructor(
    public tag: string,
    children: FakeElement[] = [],
  ) {
    for (const child of children) this.append(child);
  }
  append(child: FakeElement): void {
    child.parent = this;
    this.children.push(child);
  }
  prepend(child: FakeElement): void {
    child.parent = this;
    this.children.unshift(child);
  }
  remove(): void {
    if (!this.parent) return;
    this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = null;
  }
  get firstElementChild(): FakeElement | undefined {
    return this.children[0];
  }
  cloneNode(): FakeElement {
    const copy = new FakeElement(
      this.tag,
      this.children.map((c) => c.cloneNode()),
    );
    copy.dataset = { ...this.dataset };
    copy.textContent = this.textContent;
    return copy;
  }
  querySelectorAll(selector: string): FakeElement[] {
    const all = this.children.flatMap((c) => [c, ...c.querySelectorAll("*")]);
    if (selector === "*") return all;
    if (selector === "p") return all.filter((e) => e.tag === "p");
    if (selector === "[data-icon]") return all.filter((e) => e.dataset.icon !== undefined);
    throw new Error(`selector not faked: ${selector}`);
  }
}

const TYPES = ["success", "error", "warning", "info"];

function icon(type: string): FakeElement {
  const span = new FakeElement("span");
  span.dataset.icon = type;
  return span;
}

let toaster: FakeElement;
let stored: Map<string, string>;
let storage: Pick<Storage, "getItem" | "removeItem">;

function run(): void {
  const template = {
    content: new FakeElement("#fragment", [
      new FakeElement("div", [
        new FakeElement("div", [new FakeElement("p"), new FakeElement("p")]),
      ]),
      ...TYPES.map(icon),
    ]),
  };
  const ids: Record<string, unknown> = { toaster, "toast-template": template };
  const document = { getElementById: (id: string) => ids[id] ?? null };
  new Function("document", "sessionStorage", "performance", FLASH_PAINT)(document, storage, {
    now: () => 1234.5,
  });
}

const flash = (list: unknown) => stored.set(FLASH_KEY, JSON.stringify(list));
const painted = () =>
  toaster.children.map((e) => ({
    type: e.dataset.toastType,
    icon: e.children[0]?.dataset.icon,
    texts: e.querySelectorAll("p").map((p) => p.textContent),
    flash: e.dataset.flash === undefined ? undefined : String(e.dataset.flash),
  }));

describe("the toaster's inline painter", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toaster = new FakeElement("div");
    stored = new Map();
    storage = {
      getItem: (key) => stored.get(key) ?? null,
      removeItem: (key) => void stored.delete(key),
    };
  });
  afterEach(() => vi.useRealTimers());

  it("paints each fresh flash from the template, in order, and clears them once", () => {
    flash([
      { type: "success", title: "Success!", message: "Welcome!", at: Date.now() - 19_000 },
      { type: "info", title: 'Added <b>"Coaster"</b>', at: Date.now() },
    ]);
    run();
    expect(painted()).toEqual([
      { type: "success", icon: "success", texts: ["Success!", "Welcome!"], flash: "1234.5" },
      // textContent: the title's markup stays text; no message, no empty paragraph.
      { type: "info", icon: "info", texts: ['Added <b>"Coaster"</b>'], flash: "1234.5" },
    ]);
    expect(stored.has(FLASH_KEY)).toBe(false);
    run(); // a second run (another page) finds nothing
    expect(painted()).toHaveLength(2);
    expect(FLASH_PAINT).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|eval/);
  });

  it("closes a toast on a click, or by itself 5 s after it was painted", () => {
    flash([
      { type: "success", title: "a", at: Date.now() },
      { type: "error", title: "b", at: Date.now() },
    ]);
    run();
    toaster.children[0]!.onclick!();
    expect(painted().map((t) => t.texts[0])).toEqual(["b"]);
    vi.advanceTimersByTime(4999);
    expect(painted()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(painted()).toHaveLength(0);
  });

  it("leaves a toast the queue has adopted (no data-flash) to the queue's timer", () => {
    flash([{ type: "warning", title: "kept", at: Date.now() }]);
    run();
    delete toaster.children[0]!.dataset.flash; // what the toaster's module script does
    vi.advanceTimersByTime(10_000);
    expect(painted().map((t) => t.texts[0])).toEqual(["kept"]);
  });

  it("shows nothing, and throws nothing, for stale, malformed or unknown flashes", () => {
    const now = Date.now();
    for (const value of [
      [{ type: "success", title: "old", at: now - 20_001 }],
      [{ type: "success", title: "no time" }],
      [{ type: "shout", title: "unknown type", at: now }],
      [{ type: "success", title: 42, at: now }],
      [null, 7, "x"],
      { type: "success", title: "not a list", at: now },
      "Success!",
    ]) {
      flash(value);
      expect(run).not.toThrow();
      expect(painted()).toEqual([]);
      expect(stored.has(FLASH_KEY)).toBe(false);
    }
    stored.set(FLASH_KEY, "{not json");
    expect(run).not.toThrow();
    expect(painted()).toEqual([]);
    expect(stored.has(FLASH_KEY)).toBe(false);
  });

  it("shows nothing, and throws nothing, when storage is blocked", () => {
    storage = {
      getItem: () => {
        throw new DOMException("blocked", "SecurityError");
      },
      removeItem: () => {
        throw new DOMException("blocked", "SecurityError");
      },
    };
    expect(run).not.toThrow();
    expect(painted()).toEqual([]);
  });

  it("is small, and its CSP hash is the script's", () => {
    expect(FLASH_PAINT.length).toBeLessThan(1000);
    const hash = createHash("sha256").update(FLASH_PAINT).digest("base64");
    expect(FLASH_PAINT_HASH).toBe(`sha256-${hash}`);
  });
});
