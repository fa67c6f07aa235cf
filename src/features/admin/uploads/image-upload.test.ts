import { describe, expect, it } from "vitest";
import { isAcceptedImageType } from "./ImageUpload";

describe("ImageUpload's type check (before any upload)", () => {
  it("accepts the browser-reported PNG, JPEG and WebP types only", () => {
    for (const type of ["image/png", "image/jpeg", "image/webp", "IMAGE/PNG"])
      expect(isAcceptedImageType(type), type).toBe(true);
    for (const type of [
      "image/gif",
      "image/svg+xml",
      "image/avif",
      "image/heic",
      "text/plain",
      "application/pdf",
      "",
    ])
      expect(isAcceptedImageType(type), type).toBe(false);
  });
});
