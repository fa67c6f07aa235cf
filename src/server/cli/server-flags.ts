/**
 * The V8 settings the shop's server process runs with, shared by `npm start`, `npm run serve` and
 * the benchmark, and where the build puts the production start (why each: docs/decisions/0048-server-memory.md and the comment on SERVER_ARGS in
 * src/server/cli/start.ts).
 */
export const SERVER_FLAGS = ["--optimize-for-size", "--max-semi-space-size=16", "--liftoff-only"];
/** glibc gives each thread that allocates its own arena (zlib runs on libuv's pool): two are plenty. */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };
/** What `npm run serve` runs (bundled by bundle-serve.ts); its absence makes the build stale. */
export const SERVE_BUNDLE = "dist/serve/serve-built.mjs";
