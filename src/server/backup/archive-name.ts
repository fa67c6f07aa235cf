/** The name of a backup archive carries its time: `resin-2026-11-25T08-00-00Z.tar.gz`. */
const NAME = /^resin-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

export function archiveName(now: Date): string {
  return `resin-${now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-")}.tar.gz`;
}

/** When the archive was made, or null for a name that is not an archive's. */
export function archiveTime(name: string): Date | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const time = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}
