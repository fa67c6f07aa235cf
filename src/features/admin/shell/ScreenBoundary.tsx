/**
 * Catches what a screen throws while rendering, and a lazy screen whose chunk could not be fetched
 * (a deploy replaced it, the network dropped): the navigation stays usable and the owner can reload,
 * instead of the whole portal going blank.
 */
import { Component, type ReactNode } from "react";

interface Props {
  children: ReactNode;
}

export default class ScreenBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error("[admin] a screen failed", error);
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
        <p>This screen could not be shown. Reload the page to try again.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-3 rounded-full bg-ink-900 px-4 py-1.5 text-sm font-semibold text-cream-50"
        >
          Reload
        </button>
      </div>
    );
  }
}
