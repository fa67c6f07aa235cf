/**
 * The S3-compatible media store (AWS S3, Cloudflare R2, MinIO) through the AWS SDK v3 client:
 * objects `<prefix><hash>/<width>.<ext>`, private, served by the shop at /media like local files,
 * so every app server answers every image. An upload's files are put one by one, the file its
 * URL names last, so `has()` on that file means the upload is whole.
 * docs/decisions/0080-media-in-s3.md
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import type { MediaBackend, UploadEntry } from "./backend";

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Key prefix inside the bucket, e.g. "media/" ("" for the whole bucket). */
  prefix: string;
}

/**
 * The client's settings. Checksums only "when required": the SDK's default since early 2025 adds
 * CRC32 checksum headers (and an aws-chunked body) to every upload, which Cloudflare R2 and older
 * MinIO refused; S3 itself accepts both (docs/decisions/0187-cashfree-fee-and-s3-checksums.md).
 * docs/deploy.md says which stores are tested.
 */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  };
}

export function s3Backend(settings: S3Settings): MediaBackend {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;
  const key = (hash: string, name: string) => `${settings.prefix}${hash}/${name}`;
  const missing = (error: unknown) =>
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

  async function keysUnder(prefix: string): Promise<{ Key: string; LastModified?: Date }[]> {
    const found: { Key: string; LastModified?: Date }[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key) found.push({ Key: o.Key, LastModified: o.LastModified });
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found;
  }

  return {
    async has(hash, name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key(hash, name) }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async putUpload(hash, variants) {
      // All but the last in parallel; the last (the file the URL names) once they are in place.
      const last = variants.at(-1);
      const put = (v: (typeof variants)[number]) =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: key(hash, v.name),
            Body: v.data,
            ContentType: v.contentType,
            CacheControl: "public, max-age=31536000, immutable",
          }),
        );
      await Promise.all(variants.slice(0, -1).map(put));
      if (last) await put(last);
    },
    async read(hash, name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key(hash, name) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async listUploads() {
      const uploads = new Map<string, number>();
      for (const object of await keysUnder(settings.prefix)) {
        const [name] = object.Key.slice(settings.prefix.length).split("/");
        if (!name) continue;
        const modified = object.LastModified?.getTime() ?? 0;
        uploads.set(name, Math.max(uploads.get(name) ?? 0, modified));
      }
      return [...uploads].map(([name, modified]): UploadEntry => ({ name, modified }));
    },
    async removeUpload(name) {
      const keys = await keysUnder(`${settings.prefix}${name}/`);
      for (let i = 0; i < keys.length; i += 1000) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: keys.slice(i, i + 1000).map(({ Key }) => ({ Key })), Quiet: true },
          }),
        );
      }
    },
  };
}
