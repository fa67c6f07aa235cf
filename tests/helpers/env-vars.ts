/**
 * Environment variables in a suite: set or cleared for a case, with env() read again
 * (resetEnvForTests), and put back as they were after each test.
 */
import { afterEach } from "vitest";
import { resetEnvForTests } from "~/server/env";

/** Sets each variable (a string) or clears it (undefined), then has env() read them again. */
export function setEnvVars(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

/** Call inside describe(): after each test, `names` are as they were when the suite was defined. */
export function restoreEnvAfterEach(names: string[]): void {
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  afterEach(() => setEnvVars(saved));
}
