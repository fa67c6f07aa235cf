import { describe, expect, it } from "vitest";
import { EMULATOR_PORTS, PORTS_PER_EMULATOR } from "./ports";

describe("EMULATOR_PORTS", () => {
  it("leaves room for each emulator's hub and logging ports", () => {
    const ports = Object.values(EMULATOR_PORTS).sort((a, b) => a - b);
    for (let i = 1; i < ports.length; i++)
      expect(ports[i]! - ports[i - 1]!).toBeGreaterThanOrEqual(PORTS_PER_EMULATOR);
  });
});
