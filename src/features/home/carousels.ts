/**
 * The home page's two carousels, framework-free (no React on the home page):
 *
 * - `[data-auto-carousel]`: Browse Collections. The track holds every category twice; it moves
 *   AUTO_STEP_PX (0.5 px) per animation frame and wraps at half its width, so the loop is seamless.
 *   It pauses on hover and keyboard focus, while off screen or in a background tab, and does not
 *   move at all under prefers-reduced-motion (the row is then scrolled by hand, duplicates hidden).
 * - `[data-arrow-carousel]`: Spotlight Selections. Left and right buttons scroll ARROW_STEP_PX
 *   (250 px); each is disabled at its end.
 */

export const AUTO_STEP_PX = 0.5;
export const ARROW_STEP_PX = 250;

/** Next offset of the looping track: advance by `step`, wrap at `half` (half the track width). */
export function nextOffset(offset: number, step: number, half: number): number {
  if (half <= 0) return 0;
  const next = offset + step;
  return next >= half ? next - half : next;
}

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)");

export function startAutoCarousel(root: HTMLElement): void {
  if (root.dataset.ready) return;
  root.dataset.ready = "1";
  const viewport = root.querySelector<HTMLElement>("[data-viewport]");
  const track = root.querySelector<HTMLElement>("[data-track]");
  if (!viewport || !track) return;

  let offset = 0;
  let hovered = false;
  let focused = false;
  let visible = true;
  let frame = 0;
  const motion = reducedMotion();

  /** Static mode: reduced motion, or too few items to fill a loop. Duplicates leave the page. */
  const applyMode = (): boolean => {
    const duplicates = track.querySelectorAll<HTMLElement>("[data-duplicate]");
    for (const d of duplicates) d.hidden = false;
    const half = track.scrollWidth / 2;
    const still = motion.matches || half <= viewport.clientWidth;
    for (const d of duplicates) d.hidden = still;
    root.dataset.mode = still ? "static" : "auto";
    if (still) {
      offset = 0;
      track.style.transform = "";
    }
    return !still;
  };

  const tick = () => {
    frame = 0;
    if (hovered || focused || !visible || document.hidden || root.dataset.mode !== "auto") return;
    offset = nextOffset(offset, AUTO_STEP_PX, track.scrollWidth / 2);
    track.style.transform = `translate3d(${-offset}px, 0, 0)`;
    schedule();
  };
  const schedule = () => {
    if (!frame && root.dataset.mode === "auto") frame = requestAnimationFrame(tick);
  };
  const refresh = () => {
    applyMode();
    schedule();
  };

  root.addEventListener("pointerenter", () => (hovered = true));
  root.addEventListener("pointerleave", () => {
    hovered = false;
    schedule();
  });
  root.addEventListener("focusin", () => (focused = true));
  root.addEventListener("focusout", (event) => {
    if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
    focused = false;
    schedule();
  });
  document.addEventListener("visibilitychange", schedule);
  motion.addEventListener("change", refresh);
  new ResizeObserver(refresh).observe(viewport);
  new IntersectionObserver(([entry]) => {
    visible = entry?.isIntersecting ?? true;
    schedule();
  }).observe(root);
  // Images change the track's width as they arrive.
  for (const img of track.querySelectorAll("img")) {
    img.addEventListener("load", refresh, { once: true });
  }
  refresh();
}

export function startArrowCarousel(root: HTMLElement): void {
  if (root.dataset.ready) return;
  root.dataset.ready = "1";
  const scroller = root.querySelector<HTMLElement>("[data-scroller]");
  const prev = root.querySelector<HTMLButtonElement>("[data-prev]");
  const next = root.querySelector<HTMLButtonElement>("[data-next]");
  if (!scroller || !prev || !next) return;

  const update = () => {
    const max = scroller.scrollWidth - scroller.clientWidth;
    prev.disabled = scroller.scrollLeft <= 1;
    next.disabled = scroller.scrollLeft >= max - 1;
    root.dataset.scrollable = String(max > 1);
  };
  const by = (dx: number) => () =>
    scroller.scrollBy({ left: dx, behavior: reducedMotion().matches ? "auto" : "smooth" });
  prev.addEventListener("click", by(-ARROW_STEP_PX));
  next.addEventListener("click", by(ARROW_STEP_PX));
  scroller.addEventListener("scroll", update, { passive: true });
  new ResizeObserver(update).observe(scroller);
  update();
}

export function startCarousels(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>("[data-auto-carousel]").forEach(startAutoCarousel);
  root.querySelectorAll<HTMLElement>("[data-arrow-carousel]").forEach(startArrowCarousel);
}
