/**
 * The local media store: `<DATA_DIR>/media/<hash>/<width>.<ext>`. An upload's files are written
 * into a scratch folder and moved into place with one rename, so a reader never sees half an
 * upload and a failed upload leaves nothing behind.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { MediaBackend, UploadEntry } from "./backend";

export function localBackend(root: string): MediaBackend {
  const has = async (hash: string, name: string) => {
    try {
      return (await stat(join(root, hash, name))).isFile();
    } catch {
      return false;
    }
  };
  return {
    has,
    async putUpload(hash, variants) {
      const scratch = join(root, `.incoming-${randomUUID()}`);
      await mkdir(scratch, { recursive: true });
      try {
        await Promise.all(variants.map((v) => writeFile(join(scratch, v.name), v.data)));
        await rename(scratch, join(root, hash));
      } catch (error) {
        await rm(scratch, { recursive: true, force: true });
        // The same image uploaded twice at once: the other upload put the same files in place first.
        const last = variants.at(-1);
        if (last && (await has(hash, last.name))) return;
        throw error;
      }
    },
    async read(hash, name) {
      try {
        return await readFile(join(root, hash, name));
      } catch {
        return null;
      }
    },
    async listUploads() {
      let names: string[];
      try {
        names = await readdir(root);
      } catch {
        return []; // no upload was ever stored here
      }
      const entries: UploadEntry[] = [];
      for (const name of names)
        entries.push({ name, modified: (await stat(join(root, name))).mtimeMs });
      return entries;
    },
    async removeUpload(name) {
      await rm(join(root, name), { recursive: true, force: true });
    },
  };
}
