/** A variant choice's combination key: its option ids sorted, comma-joined (as the cart's lines key it). */
export function variantKeyOf(variant: Readonly<Record<string, { id: string }>>): string {
  return Object.values(variant)
    .map((option) => option.id)
    .sort()
    .join(",");
}
