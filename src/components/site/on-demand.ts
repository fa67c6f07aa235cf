/**
 * Mounting React components on demand, outside Astro islands, so pages stay free of React until
 * a person needs an interactive piece (the inquiry form, the cart drawer).
 */
import type { ComponentType } from "react";

/**
 * In `astro dev`, React fast refresh needs its preamble before any .tsx module runs. Astro only
 * injects it before hydrating islands, and these mounts are not islands. The virtual module is
 * empty in production builds, and the whole branch is dropped there.
 */
export async function ensureReactPreamble(): Promise<void> {
  if (import.meta.env.DEV && !("$RefreshReg$" in window))
    await import("@vitejs/plugin-react/preamble");
}

/** Renders `Component` once into its own element at the end of <body>. */
export async function mountReact<P extends object>(
  Component: ComponentType<P>,
  props: P,
  marker: string,
): Promise<void> {
  const [{ createElement }, { createRoot }] = await Promise.all([
    import("react"),
    import("react-dom/client"),
  ]);
  const container = document.createElement("div");
  container.setAttribute(`data-${marker}`, "");
  document.body.append(container);
  createRoot(container).render(createElement(Component, props));
}
