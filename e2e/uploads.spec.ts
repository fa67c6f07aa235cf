/**
 * Image uploads through the built shop over real HTTP (decision 0036): the owner's upload of a wrong
 * file type is refused (in the portal's picker: e2e/upload-picker.spec.ts), an oversized one gets the 400 naming the limit (not a dropped connection), a real image is stored and
 * served with long-lived caching, and a product using it shows a <picture> whose AVIF source the
 * browser picks. API calls are made from the page with the owner's token, as the portal sends them.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { idToken, OWNER } from "./portal-helpers";

const WRONG_TYPE = "Only PNG, JPEG, and WebP files are allowed";

const ownerToken = (page: Page) => idToken(page.request, OWNER);

interface Answer {
  status: number;
  body: { secure_url?: string; error?: string } | null;
}

/** Uploads a file made in the page: "text" (disguised), "png" (a drawn canvas) or "huge" (11 MB). */
async function uploadFromPage(
  page: Page,
  token: string,
  kind: "text" | "png" | "huge",
): Promise<Answer> {
  return page.evaluate(
    async ({ token, kind }) => {
      let blob: Blob;
      if (kind === "text")
        blob = new Blob(["<svg xmlns='http://www.w3.org/2000/svg'></svg>"], { type: "image/png" });
      else if (kind === "huge")
        blob = new Blob(
          [
            new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            new Uint8Array(11 * 1024 * 1024),
          ],
          { type: "image/png" },
        );
      else {
        const canvas = document.createElement("canvas");
        canvas.width = 700;
        canvas.height = 500;
        const g = canvas.getContext("2d")!;
        g.fillStyle = "#b47838";
        g.fillRect(0, 0, 700, 500);
        g.fillStyle = "#1e3a8a";
        g.fillRect(0, 0, 350, 500);
        blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
      }
      const form = new FormData();
      form.append("file", new File([blob], "resin.png", { type: "image/png" }));
      try {
        const res = await fetch("/v2/upload-cloud", {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        return { status: res.status, body: await res.json().catch(() => null) };
      } catch (error) {
        return { status: 0, body: { error: String(error) } };
      }
    },
    { token, kind },
  );
}

test.describe("image uploads", () => {
  test("the owner's upload of a wrong file type is refused; an oversized one gets the 400 naming the limit", async ({
    page,
  }) => {
    await page.goto("/");
    const token = await ownerToken(page);
    expect(await uploadFromPage(page, token, "text")).toEqual({
      status: 400,
      body: { error: WRONG_TYPE },
    });
    const huge = await uploadFromPage(page, token, "huge");
    expect(huge.status).toBe(400);
    expect(huge.body?.error).toContain("10 MB");
  });

  test("a shopper cannot upload, and /media answers 404 to anything but a stored file", async ({
    page,
  }) => {
    await page.goto("/");
    const anonymous = await page.request.post("/v2/upload-cloud", {
      multipart: { file: { name: "a.png", mimeType: "image/png", buffer: Buffer.from("x") } },
    });
    expect(anonymous.status()).toBe(401);
    for (const path of [
      "/media/../package.json",
      "/media/%2e%2e/package.json",
      "/media/0123456789abcdef0123456789abcdef/640.jpg",
      "/media/x",
    ]) {
      expect((await page.request.get(path)).status(), path).toBe(404);
    }
  });

  test("an uploaded image is served for a year and a product using it shows a <picture> the browser loads as AVIF", async ({
    page,
  }) => {
    await page.goto("/");
    const token = await ownerToken(page);
    const answer = await uploadFromPage(page, token, "png");
    expect(answer.status).toBe(201);
    const url = answer.body!.secure_url!;
    expect(url).toMatch(/^\/media\/[a-f0-9]{32}\/700\.png$/);

    const served = await page.request.get(url);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    expect(
      (await page.request.get(url.replace("700.png", "320.avif"))).headers()["content-type"],
    ).toBe("image/avif");

    const categories = (await (await page.request.get("/v2/categories")).json()) as {
      id: string;
    }[];
    const created = await page.request.post("/v2/products", {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: "Uploaded Picture Frame",
        description: "Made for the upload test.",
        price: 999,
        comparePrice: 1299,
        costPrice: 400,
        weight: 0.5,
        categoryId: categories[0]!.id,
        status: "active",
        sku: `UPLOAD-${Date.now()}`,
        variants: [],
        attributes: [],
        tags: [],
        images: [{ url, alt: "Blue and amber resin frame", isPrimary: true }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()) as { id: string };

    try {
      await page.goto(`/products/product/${encodeURIComponent(product.id)}`);
      const image = page.getByRole("img", { name: "Blue and amber resin frame" });
      await expect(image).toBeVisible();
      await expect(page.locator('picture source[type="image/avif"]').first()).toHaveAttribute(
        "srcset",
        new RegExp(`${url.replace("700.png", "320.avif")} 320w`),
      );
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
        /\/media\/[a-f0-9]{32}\/\d+\.avif$/,
      );
    } finally {
      // Other specs count the storefront's products: take this one off it again.
      const off = await page.request.patch(
        `/v2/products/${encodeURIComponent(product.id)}?status=inactive`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(off.ok(), await off.text()).toBe(true);
    }
  });
});
