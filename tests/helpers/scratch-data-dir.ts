/**
 * Uploads land in a scratch data folder (the media store), never the worktree's ./data: for the
 * whole file (call at the top level), DATA_DIR names a new folder under the system's temp folder,
 * put back and removed after the last test.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "~/server/env";

/** `prefix` names the folder (resin-categories-…), so a leftover one says which suite made it. */
export function useScratchDataDir(prefix: string) {
  let dataDir: string;
  const savedDataDir = process.env.DATA_DIR;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), prefix));
    process.env.DATA_DIR = dataDir;
    resetEnvForTests();
  });

  afterAll(async () => {
    if (savedDataDir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = savedDataDir;
    resetEnvForTests();
    await rm(dataDir, { recursive: true, force: true });
  });
}
