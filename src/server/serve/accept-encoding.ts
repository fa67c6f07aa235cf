/**
 * Content negotiation of Accept-Encoding, shared by the static files (plain Node) and the
 * catalogue's encoded answers: brotli, then gzip, else identity; `q=0` refuses an encoding and
 * `*` stands for any encoding not named.
 */
export type Encoding = "br" | "gzip" | "identity";

export function pickEncoding(header: string | null | undefined): Encoding {
  const q = new Map<string, number>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const value = params
      .map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1])
      .find((v) => v !== undefined);
    q.set(name, value === undefined ? 1 : Number(value));
  }
  const wants = (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  return wants("br") ? "br" : wants("gzip") ? "gzip" : "identity";
}

/** True when an If-None-Match header names `etag` (weak comparison) or is `*`. */
export function etagMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
