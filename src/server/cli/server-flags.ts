/**
 * The V8 settings the shop's server process runs with on a database (`DATABASE_URL`, or PGlite when
 * empty), shared by `npm start`, `npm run serve` and the benchmark, and where the build puts the
 * production start (why each: docs/decisions/0048-server-memory.md, 0150, 0161, and the comment on
 * serverArgs in src/server/cli/start.ts).
 */
export function serverFlags(databaseUrl: string | undefined): string[] {
  if (databaseUrl) return ["--max-semi-space-size=16", "--liftoff-only"];
  // With the engine in this process (PGlite) the 300 MB target needs a heap that grows slowly. A
  // small growing step and a 4 MB young generation keep it there at a seventh less CPU per shopper
  // and far fewer pauses than V8's memory-saving mode, which collected every 20 ms (decision 0161).
  return ["--heap-growing-percent=10", "--max-semi-space-size=4", "--liftoff-only"];
}
/**
 * glibc gives each thread that allocates its own arena (zlib runs on libuv's pool): two are plenty.
 * React and the other packages the server loads from node_modules pick their production build by
 * NODE_ENV; without it the server rendered every page with React's development build (decision 0161).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2", NODE_ENV: "production" };
/** What `npm run serve` runs (bundled by bundle-serve.ts); its absence makes the build stale. */
export const SERVE_BUNDLE = "dist/serve/serve-built.mjs";
