/**
 * The V8 settings the shop's server process runs with on a database (`DATABASE_URL`, or PGlite when
 * empty), shared by `npm start`, `npm run serve` and the benchmark, and where the build puts the
 * production start (why each: docs/decisions/0048-server-memory.md, 0150, and the comment on
 * serverArgs in src/server/cli/start.ts).
 */
export function serverFlags(databaseUrl: string | undefined): string[] {
  // V8's memory-saving mode costs a quarter of the CPU per write; the 300 MB target needs it only
  // when the engine lives in this process (PGlite): decision 0150.
  const forSize = databaseUrl ? [] : ["--optimize-for-size"];
  return [...forSize, "--max-semi-space-size=16", "--liftoff-only"];
}
/**
 * glibc gives each thread that allocates its own arena (zlib runs on libuv's pool): two are plenty.
 * React and the other packages the server loads from node_modules pick their production build by
 * NODE_ENV; without it the server rendered every page with React's development build (decision 0161).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2", NODE_ENV: "production" };
/** What `npm run serve` runs (bundled by bundle-serve.ts); its absence makes the build stale. */
export const SERVE_BUNDLE = "dist/serve/serve-built.mjs";
