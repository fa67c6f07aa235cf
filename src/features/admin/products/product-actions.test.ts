import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { $toasts, clearToasts } from "~/components/ui/toast-store";
import { ApiError } from "~/lib/api-client";

const patch = vi.hoisted(() => vi.fn());
vi.mock("~/features/admin/shell/admin-api", () => ({ adminPatch: patch }));
const { switchStatus, toggleHome } = await import("./product-actions");

const assign = vi.fn();
beforeEach(() => {
  patch.mockReset();
  assign.mockReset();
  clearToasts();
  vi.stubGlobal("window", { location: { assign } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearToasts();
});

describe("the active switch (docs/product.md §4: optimistic, reverted on failure)", () => {
  it("shows the new status at once and keeps it when the server agrees", async () => {
    patch.mockResolvedValue({});
    const seen: string[] = [];
    await switchStatus("p1", "active", (s) => seen.push(s));
    expect(seen).toEqual(["inactive"]);
    expect(patch).toHaveBeenCalledWith("/v2/products/p1?status=inactive");
    expect($toasts.get()).toEqual([]);
  });

  it("puts the old status back with a toast when the server refuses", async () => {
    patch.mockRejectedValue(new ApiError(500, "database down"));
    const seen: string[] = [];
    await switchStatus("p 2", "inactive", (s) => seen.push(s));
    expect(patch).toHaveBeenCalledWith("/v2/products/p%202?status=active");
    expect(seen).toEqual(["active", "inactive"]);
    expect($toasts.get()).toMatchObject([
      { type: "error", title: "Error", message: "database down" },
    ]);
  });
});

describe("the homepage toggle (docs/product.md §4, §8)", () => {
  it("reads 'removed' as removed and any other answer as added", async () => {
    patch.mockResolvedValueOnce("removed").mockResolvedValueOnce("added");
    expect(await toggleHome("p1")).toBe(false);
    expect(await toggleHome("p1")).toBe(true);
  });

  it("at the limit shows 'Error' - 'max 8 products can be added!' and reloads the list after 3 s", async () => {
    vi.useFakeTimers();
    patch.mockRejectedValue(new ApiError(400, "max 8 products can be added!", "home_limit"));
    expect(await toggleHome("p9")).toBeNull();
    expect($toasts.get()).toMatchObject([
      { type: "error", title: "Error", message: "max 8 products can be added!" },
    ]);
    vi.advanceTimersByTime(2999);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith("/admin/my-products");
  });

  it("a 400 with the same text but without the code is another failure (no string matching)", async () => {
    vi.useFakeTimers();
    patch.mockRejectedValue(new ApiError(400, "max 8 products can be added!"));
    expect(await toggleHome("p9")).toBeNull();
    vi.advanceTimersByTime(5000);
    expect(assign).not.toHaveBeenCalled();
  });

  it("another failure is a toast without a reload", async () => {
    vi.useFakeTimers();
    patch.mockRejectedValue(new ApiError(404, "Product not found"));
    expect(await toggleHome("gone")).toBeNull();
    expect($toasts.get()).toMatchObject([{ title: "Error", message: "Product not found" }]);
    vi.advanceTimersByTime(5000);
    expect(assign).not.toHaveBeenCalled();
  });
});
