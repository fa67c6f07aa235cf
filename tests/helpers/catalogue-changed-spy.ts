/**
 * Records each catalogueChanged(tx) call and still bumps the version (the storefront's caches
 * depend on it), for the suites that check every catalogue write tells the catalogue:
 *
 *   import { changed } from "./helpers/catalogue-changed-spy";
 *   vi.mock("../src/features/catalogue/catalogue-version.server", async (importOriginal) =>
 *     (await import("./helpers/catalogue-changed-spy")).withChangedSpy(await importOriginal()));
 *
 * It imports nothing of the shop's, so the mock's factory can load it.
 */
type VersionModule = typeof import("~/features/catalogue/catalogue-version.server");

export const changed = { calls: [] as unknown[] };

export function withChangedSpy(real: VersionModule): VersionModule {
  return {
    ...real,
    catalogueChanged: async (tx: Parameters<VersionModule["catalogueChanged"]>[0]) => {
      changed.calls.push(tx);
      return real.catalogueChanged(tx);
    },
  };
}
