import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until the island hydrates. Islands keep their main buttons
 * disabled until then: a click before React runs would be lost (or, for a form, submitted to the
 * server as a plain GET with the password in the address).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
