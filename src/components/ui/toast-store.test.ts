import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { $toasts, clearToasts, dismissToast, showToast } from "./toast-store";

describe("toast store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearToasts();
  });
  afterEach(() => {
    clearToasts();
    vi.useRealTimers();
  });

  it("adds a toast with its type, title and message", () => {
    const id = showToast({
      type: "success",
      title: "Query Recieved",
      message: "Will reach out to you ASAP!",
    });
    expect($toasts.get()).toEqual([
      { id, type: "success", title: "Query Recieved", message: "Will reach out to you ASAP!" },
    ]);
  });

  it("leaves the message out when none is given", () => {
    showToast({ type: "info", title: "Profile updated!" });
    expect($toasts.get()[0]).not.toHaveProperty("message");
  });

  it("closes a toast by itself after 5000 ms, not before", () => {
    showToast({ type: "error", title: "Mandatory Fields" });
    vi.advanceTimersByTime(4999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it("closes a toast already on screen after the rest of its time", () => {
    showToast({ type: "success", title: "Success!" }, 1200);
    vi.advanceTimersByTime(1199);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
    showToast({ type: "success", title: "late" }, -5);
    vi.advanceTimersByTime(0);
    expect($toasts.get()).toHaveLength(0);
  });

  it("times each toast on its own", () => {
    showToast({ type: "info", title: "first" });
    vi.advanceTimersByTime(3000);
    showToast({ type: "warning", title: "second" });
    vi.advanceTimersByTime(2000);
    expect($toasts.get().map((t) => t.title)).toEqual(["second"]);
    vi.advanceTimersByTime(3000);
    expect($toasts.get()).toEqual([]);
  });

  it("removes only the closed toast and cancels its timer", () => {
    const a = showToast({ type: "info", title: "a" });
    const b = showToast({ type: "info", title: "b" });
    dismissToast(a);
    expect($toasts.get().map((t) => t.id)).toEqual([b]);
    expect(vi.getTimerCount()).toBe(1);
    dismissToast(a); // closing twice is harmless
    expect($toasts.get().map((t) => t.id)).toEqual([b]);
  });

  it("notifies subscribers", () => {
    const seen: number[] = [];
    const stop = $toasts.listen((list) => seen.push(list.length));
    const id = showToast({ type: "success", title: "x" });
    dismissToast(id);
    stop();
    expect(seen).toEqual([1, 0]);
  });
});
