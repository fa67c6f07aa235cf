/**
 * Where uploaded images are kept: the data folder (one app server) or an S3-compatible bucket
 * (several app servers). Keys are `<hash>/<width>.<ext>`, as the /media URLs name them.
 * docs/decisions/0080-media-in-s3.md
 */
export interface StoredVariant {
  /** `<width>.<ext>` */
  name: string;
  data: Uint8Array;
  contentType: string;
}

export interface UploadEntry {
  /** The upload's folder name (its content hash), or a scratch folder an interrupted upload left. */
  name: string;
  /** When it was last written (ms since the epoch). */
  modified: number;
}

export interface MediaBackend {
  /** True when the file `<hash>/<name>` exists. */
  has(hash: string, name: string): Promise<boolean>;
  /**
   * Stores an upload's files so that `has(hash, last.name)` is true only once every file is in
   * place: the caller passes the file that marks the upload complete last.
   */
  putUpload(hash: string, variants: StoredVariant[]): Promise<void>;
  /** The bytes of `<hash>/<name>`, or null. */
  read(hash: string, name: string): Promise<Buffer | null>;
  /** Every upload (and leftover scratch) in the store. */
  listUploads(): Promise<UploadEntry[]>;
  /** Removes an upload and all its files. */
  removeUpload(name: string): Promise<void>;
}
