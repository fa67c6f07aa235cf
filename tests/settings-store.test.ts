/**
 * The settings store and the audit trail (docs/decisions/0081-audit-trail-and-settings.md): a section
 * reads its defaults until saved, a save is checked by the section's schema, bumps the version and
 * writes one audit row with before and after in the same transaction; a stale version is refused.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schema } from "~/server/db/client";
import { HttpError } from "~/server/http";
import type { AuditActor } from "~/features/audit/audit.server";
import {
  defineSection,
  readSection,
  writeSection,
} from "~/features/settings/settings-store.server";
import { dbKinds } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";

const section = defineSection({
  key: "test",
  schema: z.object({ name: z.string().min(1, "Name is required"), rate: z.number().int() }),
  defaults: () => ({ name: "Resin Tales", rate: 18 }),
});
const actor: AuditActor = { uid: "owner-1", email: "owner@example.com", address: "127.0.0.1" };

describe.each(dbKinds)("settings store on %s", (kind) => {
  const t = useTestDb(kind);

  it("reads the defaults at version 0, saves, and records before and after", async () => {
    expect(await readSection(t.db, section)).toEqual({
      value: { name: "Resin Tales", rate: 18 },
      version: 0,
    });
    const saved = await t.db.transaction((tx) =>
      writeSection(tx, section, { name: "Resin Tales Studio", rate: 5 }, 0, actor),
    );
    expect(saved).toEqual({ value: { name: "Resin Tales Studio", rate: 5 }, version: 1 });
    expect(await readSection(t.db, section)).toEqual(saved);
    const audit = await t.db.select().from(schema.auditLog);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUid: "owner-1",
      action: "settings.test",
      entity: "settings",
      entityId: "test",
      before: { name: "Resin Tales", rate: 18 },
      after: { name: "Resin Tales Studio", rate: 5 },
    });
  });

  it("refuses a stale version with 409 and a bad value with 400, writing nothing", async () => {
    const stale = t.db.transaction((tx) =>
      writeSection(tx, section, { name: "Other", rate: 5 }, 0, actor),
    );
    await expect(stale).rejects.toMatchObject({ status: 409 });
    const bad = t.db.transaction((tx) =>
      writeSection(tx, section, { name: "", rate: 5 }, 1, actor),
    );
    await expect(bad).rejects.toBeInstanceOf(HttpError);
    await expect(bad).rejects.toMatchObject({ status: 400 });
    expect((await readSection(t.db, section)).value.name).toBe("Resin Tales Studio");
    expect(await t.db.select().from(schema.auditLog)).toHaveLength(1);
  });
});
