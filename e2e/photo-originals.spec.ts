/**
 * "Keep originals for printing" (docs/decisions/0285-keep-photo-originals.md): the owner turns it
 * on in the privacy settings and the privacy notice says so; off again, the sentence goes.
 */
import { expect, test } from "./fixtures";
import { ownerBearer } from "./portal-helpers";

test("the privacy notice says when originals are kept for printing", async ({ request }) => {
  const headers = await ownerBearer(request);
  const save = async (keepPhotoOriginals: boolean) => {
    const now = (await (await request.get("/v2/admin/settings/privacy", { headers })).json()) as {
      value: Record<string, unknown>;
      version: number;
    };
    const saved = await request.put("/v2/admin/settings/privacy", {
      headers,
      data: { value: { ...now.value, keepPhotoOriginals }, version: now.version },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  const notice = async () => (await request.get("/privacy")).text();
  expect(await notice()).not.toContain("data-photo-originals");
  await save(true);
  try {
    await expect
      .poll(notice)
      .toContain("We also keep each photo at its full size, with those details removed too");
  } finally {
    await save(false);
  }
  await expect.poll(notice).not.toContain("data-photo-originals");
});
