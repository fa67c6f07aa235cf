/**
 * The middle of `npm test`: the type check (`astro check`, one core) beside the unit and
 * integration tests (Vitest, two workers) instead of before them, so the check's time hides in the
 * run's spare core (docs/decisions/0295-ci-time.md). Vitest prints as it goes; the check's output
 * is kept and printed whole when it ends. Exits non-zero when either failed, after both ended.
 */
import { spawn } from "node:child_process";

function run(
  script: string,
  live: boolean,
  args: string[] = [],
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      "npm",
      ["run", script, "--silent", ...(args.length ? ["--", ...args] : [])],
      {
        stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const check = run("typecheck", false).then((result) => {
  console.log(`\n--- npm run typecheck (beside the unit tests) ---\n${result.output}`);
  console.log(
    `--- typecheck ${result.code === 0 ? "passed" : `FAILED (exit ${result.code})`} ---\n`,
  );
  return result.code;
});
// Anything after the script's name goes to Vitest (`tsx tests/typecheck-beside.ts tests/x.test.ts`).
const unit = run("test:unit", true, process.argv.slice(2)).then((result) => result.code);
const [checked, tested] = await Promise.all([check, unit]);
if (checked !== 0) console.error("npm test: the type check failed (its output is above).");
process.exit(checked !== 0 ? checked : tested);
