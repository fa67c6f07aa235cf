/** Runs once per Vitest run: says plainly when the PostgreSQL half of the integration tests is skipped. */
export default function setup(): void {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      "PostgreSQL half skipped: TEST_DATABASE_URL is not set, so the integration tests ran on PGlite only (.ci/run sets it).",
    );
  }
}
