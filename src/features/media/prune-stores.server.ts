/**
 * The stores `npm run media:prune` looks in (docs/decisions/0049-media-prune.md): the shop's own
 * store (the data folder, or the S3 bucket when S3_BUCKET is set) and, when CLOUDINARY_URL is set,
 * the Cloudinary folder the upload writes into (public_id `<SHOP_SHORT_NAME>/<hash>`, media.api.ts).
 * Each says how a row names one of its uploads, so "used" is the same rule for every store: some
 * row of some table contains the upload's URL.
 */
import { env } from "~/server/env";
import type { UploadEntry } from "./backends/backend";
import { deleteCloudinaryUploads, listCloudinaryUploads } from "./cloudinary-admin.server";
import { type CloudinaryConfig, cloudinaryConfig } from "./cloudinary.server";
import { mediaBackend, mediaRoot, mediaStoreKind } from "./media-store.server";

export interface PruneStore {
  /** Where the uploads are, for the command's messages. */
  where: string;
  /** A PostgreSQL regular expression matching a row's text that names an upload; group 1 is its name. */
  namedBy: string;
  /** Every upload (and leftover scratch) in the store. */
  listUploads(): Promise<UploadEntry[]>;
  /** Deletes these uploads; stops at the first failure. */
  removeUploads(names: string[]): Promise<void>;
}

/** `/media/<hash>/`: the shop's own URLs, whichever of its stores holds the files. */
export const MEDIA_URL_PATTERN = "/media/([a-f0-9]{32})/";

/** The data folder or the S3 bucket (media-store.server.ts). */
export async function fileStore(): Promise<PruneStore> {
  const backend = await mediaBackend();
  const e = env();
  return {
    where:
      mediaStoreKind() === "s3"
        ? `the S3 bucket ${e.S3_BUCKET}${e.S3_PREFIX ? ` under ${e.S3_PREFIX}` : ""}`
        : mediaRoot(),
    namedBy: MEDIA_URL_PATTERN,
    listUploads: () => backend.listUploads(),
    async removeUploads(names) {
      for (const name of names) await backend.removeUpload(name);
    },
  };
}

const regexLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A delivery URL of this cloud ending in an upload's hash, with or without a folder, a version or
 * transformations before it: https://res.cloudinary.com/<cloud>/image/upload/v1700000000/<folder>/<hash>.jpg.
 * The folder is not part of the rule on purpose: a URL naming the hash under any folder keeps the
 * upload (keeping too much is safe; a folder name Cloudinary escapes in URLs must not make a used
 * upload look unused).
 */
export function cloudinaryUrlPattern(cloudName: string): string {
  return `res\\.cloudinary\\.com/${regexLiteral(cloudName)}/image/upload/(?:[^/\\s"]+/)*([a-f0-9]{32})`;
}

/** The Cloudinary folder the shop uploads into, through the Admin API (cloudinary-admin.server.ts). */
export function cloudinaryStore(
  config: CloudinaryConfig,
  folder = env().SHOP_SHORT_NAME,
): PruneStore {
  const prefix = `${folder}/`;
  return {
    where: `Cloudinary folder ${prefix} of cloud ${config.cloudName}`,
    namedBy: cloudinaryUrlPattern(config.cloudName),
    async listUploads() {
      return (await listCloudinaryUploads(config, prefix)).map(
        (upload): UploadEntry => ({
          name: upload.publicId.slice(prefix.length),
          modified: upload.created,
        }),
      );
    },
    removeUploads: (names) =>
      deleteCloudinaryUploads(
        config,
        names.map((name) => prefix + name),
      ),
  };
}

/** Every store the shop keeps uploads in: Cloudinary first when it is configured, then its own. */
export async function pruneStores(): Promise<PruneStore[]> {
  const config = cloudinaryConfig();
  const own = await fileStore();
  return config ? [cloudinaryStore(config), own] : [own];
}
