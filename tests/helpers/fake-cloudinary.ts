/**
 * A fake Cloudinary on 127.0.0.1 (port 0), never the internet: the upload API the shop's upload
 * calls (tests/uploads-cloudinary.test.ts) and the two Admin API calls `npm run media:prune` makes
 * (tests/media-prune-cloudinary.test.ts), over one in-memory set of resources. Checked against
 * Cloudinary's published material:
 *
 * - Admin API overview (cloudinary.com/documentation/admin_api_overview): endpoints
 *   `/v1_1/<cloud_name>/<action>`, HTTP Basic auth with API key and secret; errors answer
 *   `{ error: { message } }`.
 * - Get resources (cloudinary.com/documentation/admin_api_resources_get_resources):
 *   `GET /resources/image/upload` with `prefix` (public IDs starting with it, sorted by public ID),
 *   `max_results` (default 10, at most 500) and `next_cursor`; answers `resources[]` (`public_id`,
 *   `version`, `format`, `created_at`, `secure_url`, ...) and `next_cursor` while more remain.
 * - Delete resources (the Admin API reference, and cloudinary_npm lib/api.js `delete_resources`
 *   with lib/api_client/execute_request.js): `DELETE /resources/image/upload` with a form-urlencoded
 *   body of `public_ids[]`, up to 100; answers `deleted: { <public_id>: "deleted" | "not_found" }`,
 *   `deleted_counts` and `partial`.
 * - Rate limits (execute_request.js reads them; the Admin API reference): every Admin answer carries
 *   X-FeatureRateLimit-Limit, -Remaining and -Reset; past the hour's limit the answer is 420.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeResource {
  public_id: string;
  /** ISO time of the upload, as Cloudinary answers it. */
  created_at: string;
  format?: string;
  /** The upload's Unix time, renewed when the public_id is uploaded again (default: created_at's). */
  version?: number;
}

export interface AdminCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeCloudinary {
  /** CLOUDINARY_API_BASE for the shop. */
  base: string;
  /** CLOUDINARY_URL for the shop. */
  url: string;
  cloud: string;
  /** The account's images by public_id. */
  resources: Map<string, FakeResource>;
  /** Upload API requests received, in order. */
  uploads: { url: string; form: FormData; raw: Buffer }[];
  /** What the upload API answers (default: stores the image and answers its delivery URL). */
  uploadReply?: Reply;
  /** Admin API requests received (authenticated or not), in order. */
  adminCalls: AdminCall[];
  /** Admin API calls left this hour; past it, 420. */
  rateRemaining: number;
  /** Answers this instead of the real thing when it returns a reply (a failing Cloudinary). */
  failAdmin?: (call: AdminCall, index: number) => Reply | undefined;
  /** Adds images with these public_ids, uploaded at `at`. */
  seed(names: string[], at: Date): void;
  close(): Promise<void>;
}

const RATE_LIMIT = 500;
const RESET = "Wed, 25 Nov 2026 13:00:00 GMT";

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeCloudinary(
  options: { cloud?: string; apiKey?: string; apiSecret?: string } = {},
): Promise<FakeCloudinary> {
  const cloud = options.cloud ?? "resin-cloud";
  const apiKey = options.apiKey ?? "123456789012345";
  const apiSecret = options.apiSecret ?? "top-secret-value";
  const expectedAuth = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString("base64")}`;
  const deliveryUrl = (r: FakeResource) =>
    `https://res.cloudinary.com/${cloud}/image/upload/v${Math.floor(Date.parse(r.created_at) / 1000)}/${r.public_id}.${r.format ?? "jpg"}`;
  const resourceOf = (r: FakeResource) => ({
    asset_id: Buffer.from(r.public_id).toString("hex").slice(0, 32),
    public_id: r.public_id,
    format: r.format ?? "jpg",
    version: r.version ?? Math.floor(Date.parse(r.created_at) / 1000),
    resource_type: "image",
    type: "upload",
    created_at: r.created_at,
    bytes: 1234,
    width: 800,
    height: 600,
    url: deliveryUrl(r).replace("https:", "http:"),
    secure_url: deliveryUrl(r),
  });

  const fake: FakeCloudinary = {
    base: "",
    url: `cloudinary://${apiKey}:${apiSecret}@${cloud}`,
    cloud,
    resources: new Map(),
    uploads: [],
    adminCalls: [],
    rateRemaining: RATE_LIMIT,
    seed(names, at) {
      for (const name of names)
        fake.resources.set(name, { public_id: name, created_at: at.toISOString() });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function upload(url: string, form: FormData, raw: Buffer): Reply {
    fake.uploads.push({ url, form, raw });
    if (fake.uploadReply) return fake.uploadReply;
    const resource = {
      public_id: String(form.get("public_id")),
      created_at: new Date().toISOString(),
    };
    fake.resources.set(resource.public_id, resource);
    return { status: 200, body: resourceOf(resource) };
  }

  function admin(call: AdminCall, auth: string | undefined): Reply {
    const index = fake.adminCalls.push(call) - 1;
    if (auth !== expectedAuth)
      return { status: 401, body: { error: { message: "Invalid API key or secret" } } };
    if (fake.rateRemaining <= 0)
      return { status: 420, body: { error: { message: "Rate Limit Exceeded" } } };
    fake.rateRemaining--;
    const failed = fake.failAdmin?.(call, index);
    if (failed) return failed;
    if (call.method === "GET") {
      const prefix = call.query.get("prefix") ?? "";
      const max = Number(call.query.get("max_results") ?? 10);
      if (!Number.isInteger(max) || max < 1 || max > 500)
        return { status: 400, body: { error: { message: "max_results must be 1 to 500" } } };
      const all = [...fake.resources.values()]
        .filter((r) => r.public_id.startsWith(prefix))
        .sort((a, b) => (a.public_id < b.public_id ? -1 : 1));
      const cursor = call.query.get("next_cursor");
      const start = cursor ? Number(Buffer.from(cursor, "base64url").toString()) : 0;
      const page = all.slice(start, start + max);
      const more = start + max < all.length;
      return {
        status: 200,
        body: {
          resources: page.map(resourceOf),
          ...(more ? { next_cursor: Buffer.from(String(start + max)).toString("base64url") } : {}),
        },
      };
    }
    if (call.method === "DELETE") {
      const ids = call.body.getAll("public_ids[]");
      if (ids.length === 0 || ids.length > 100)
        return {
          status: 400,
          body: { error: { message: "public_ids must name 1 to 100 resources" } },
        };
      const deleted: Record<string, string> = {};
      for (const id of ids) deleted[id] = fake.resources.delete(id) ? "deleted" : "not_found";
      const deleted_counts = Object.fromEntries(
        ids.map((id) => [id, { original: deleted[id] === "deleted" ? 1 : 0, derived: 0 }]),
      );
      return { status: 200, body: { deleted, deleted_counts, partial: false } };
    }
    return { status: 404, body: { error: { message: "Not found" } } };
  }

  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? "/", "http://fake");
    const type = req.headers["content-type"] ?? "";
    let reply: Reply;
    if (req.method === "POST" && url.pathname === `/v1_1/${cloud}/image/upload`) {
      const form = await new Request("http://fake/", {
        method: "POST",
        headers: { "content-type": type },
        body: new Uint8Array(raw),
      }).formData();
      reply = upload(req.url ?? "", form, raw);
    } else if (url.pathname === `/v1_1/${cloud}/resources/image/upload`) {
      const body = new URLSearchParams(
        type.startsWith("application/x-www-form-urlencoded") ? raw.toString() : "",
      );
      reply = admin(
        { method: req.method ?? "", path: url.pathname, query: url.searchParams, body },
        req.headers.authorization,
      );
      reply.headers = {
        "x-featureratelimit-limit": String(RATE_LIMIT),
        "x-featureratelimit-remaining": String(Math.max(fake.rateRemaining, 0)),
        "x-featureratelimit-reset": RESET,
        ...reply.headers,
      };
    } else reply = { status: 404, body: { error: { message: "Not found" } } };
    res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
