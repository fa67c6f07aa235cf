/**
 * The inquiry's photos (decision 0211) on both engines: a visitor without an account uploads a
 * photo through the upload pipeline, the inquiry carries its URL, the owner's list and mail show
 * it; a URL that is not this shop's upload is refused and nothing is stored.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listInquiries } from "~/features/admin/inquiries/inquiries-admin.server";
import { getDb } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { dbKinds } from "./helpers/db";
import { good, inquiryFixture, post } from "./helpers/inquiries";
import { photo, postFile, storedFiles } from "./helpers/uploads";

const photosRoute = await import("~/pages/v2/inquiry-photos");
const saved = process.env.DATA_DIR;

describe.each(dbKinds)("inquiry photos on %s", (kind) => {
  const { rows } = inquiryFixture(kind);
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "resin-inquiry-photos-"));
    process.env.DATA_DIR = dataDir;
    resetEnvForTests();
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved;
    resetEnvForTests();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("a visitor uploads her garland's photo and sends it with the inquiry; the owner sees it", async () => {
    const jpeg = await photo(400, 300).jpeg().toBuffer();
    const uploaded = await postFile(photosRoute.POST!, jpeg, {
      name: "garland.jpg",
      type: "image/jpeg",
    });
    expect(uploaded.status).toBe(201);
    const url = (uploaded.json as { url?: string }).url!;
    expect(url).toMatch(/^\/media\//);
    expect((await storedFiles(dataDir)).length).toBeGreaterThan(0);

    const res = await post({ ...good, photos: [url] });
    expect(res.status).toBe(201);
    const { inquiries, outbox } = await rows();
    expect(inquiries[0]!.photos).toEqual([url]);
    expect(outbox.at(-1)!.body).toMatch(/Photos:\s+1, on the inquiry in the portal/);
    const listed = await listInquiries(await getDb(), { limit: 10, offset: 0 });
    expect(listed[0]!.photos).toEqual([url]);
  });

  it("refuses a photo that is not this shop's upload, and a non-image upload", async () => {
    const res = await post({ ...good, photos: ["https://elsewhere.example/x.jpg"] });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("Photos must be uploaded with the form.");
    expect((await rows()).inquiries).toHaveLength(0);
    const text = await postFile(photosRoute.POST!, Buffer.from("not an image"), { name: "x.png" });
    expect(text.status).toBe(400);
  });
});
