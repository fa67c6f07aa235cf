import { describe, expect, it } from "vitest";
import { sniffImage } from "./image-check.server";
import { cloudinaryConfig, signParams } from "./cloudinary.server";
import { describeBytes, tooLargeMessage } from "./upload-body.server";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe("sniffImage", () => {
  it("recognises PNG, JPEG and WebP by their first bytes", () => {
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("png");
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffImage(ascii("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
  });

  it("refuses other formats and look-alikes (GIF, SVG text, a RIFF that is not WebP, a cut-off PNG signature)", () => {
    expect(sniffImage(ascii("GIF89a"))).toBeNull();
    expect(sniffImage(ascii("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImage(ascii("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffImage(bytes())).toBeNull();
  });
});

describe("Cloudinary signature", () => {
  // The examples from Cloudinary's own documentation (API secret "abcd").
  it("matches Cloudinary's documented examples", () => {
    expect(signParams({ public_id: "sample_image", timestamp: "1315060510" }, "abcd")).toBe(
      "b4ad47fb4e25c7bf5f92a20089f9db59bc302313",
    );
    expect(
      signParams(
        {
          timestamp: "1315060510",
          public_id: "sample_image",
          eager: "w_400,h_300,c_pad|w_260,h_200,c_crop",
        },
        "abcd",
      ),
    ).toBe("bfd09f95f331f558cbd1320e67aa8d488770583e");
  });

  it("leaves file, cloud_name, resource_type and api_key out of the signed text", () => {
    const plain = signParams({ public_id: "a", timestamp: "1" }, "s");
    expect(
      signParams(
        {
          public_id: "a",
          timestamp: "1",
          api_key: "k",
          file: "x",
          cloud_name: "c",
          resource_type: "image",
        },
        "s",
      ),
    ).toBe(plain);
  });

  it("reads CLOUDINARY_URL (key, secret, cloud; SHA-256 when asked)", () => {
    expect(cloudinaryConfig("cloudinary://1234:s%2Fecret@my-cloud")).toEqual({
      cloudName: "my-cloud",
      apiKey: "1234",
      apiSecret: "s/ecret",
      algorithm: "sha1",
    });
    expect(cloudinaryConfig("cloudinary://1:2@c?signature_algorithm=sha256")?.algorithm).toBe(
      "sha256",
    );
    expect(cloudinaryConfig("")).toBeNull();
  });
});

describe("size limit message", () => {
  it("names the limit as a person reads it", () => {
    expect(describeBytes(10 * 1024 * 1024)).toBe("10 MB");
    expect(describeBytes(64 * 1024)).toBe("64 KB");
    expect(describeBytes(1500)).toBe("1500 bytes");
    expect(tooLargeMessage(10 * 1024 * 1024)).toContain("10 MB");
  });
});
