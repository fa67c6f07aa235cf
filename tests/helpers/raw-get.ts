/**
 * A GET through node:http with the body as it was sent (fetch would decompress it), and that body
 * decoded by its Content-Encoding: for the tests of the server's own compression and ready answers
 * (src/server/serve/serve.test.ts, tests/catalogue-ready-answers.test.ts).
 */
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export function rawGet(
  base: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(base + url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
}

/** The body as text, decompressed by its Content-Encoding (br, gzip or none). */
export function decodedText(answer: RawAnswer): string {
  const coding = answer.headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(answer.body).toString();
  if (coding === "gzip") return gunzipSync(answer.body).toString();
  return answer.body.toString();
}
