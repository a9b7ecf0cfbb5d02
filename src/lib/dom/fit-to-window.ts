// A panel whose height gives way to the window: it is as tall as `max` when
// the window has room, and otherwise only as tall as what is left between
// its top and the window's bottom once whatever follows it in its card (a
// message box) has its room, never under `min`. The height goes into a CSS
// variable on the card, so the stylesheet decides where it applies (a phone
// layout may ignore it).
import { useLayoutEffect, useState } from 'react';

export type FitInput = {
  /** The window's inner height. */
  viewport: number;
  /** The panel's top, from the top of the page (not of the scrolled view). */
  top: number;
  /** What the card holds below the panel, with its padding. */
  below: number;
  /** Space to leave under the card. */
  gap: number;
  min: number;
  max: number;
};

/** The panel's height in whole pixels. */
export const fittedHeight = ({ viewport, top, below, gap, min, max }: FitInput): number =>
  Math.round(Math.min(max, Math.max(min, viewport - top - below - gap)));

/**
 * Keeps `--{variable}` on the card at the height its panel (the first element
 * matching `panelSelector`) may take, measured again when the window or the
 * card changes size (the message box growing with a long reply, the panel
 * replacing its loading state). Returns the ref to put on the card (a
 * callback, so a card that appears after a loading screen is measured too).
 */
export function useFitToWindow({
  panelSelector,
  variable,
  min,
  max,
  gap,
}: {
  panelSelector: string;
  variable: string;
  min: number;
  max: number;
  gap: number;
}): (card: HTMLElement | null) => void {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const fit = () => {
      const panel = element.querySelector<HTMLElement>(panelSelector);
      if (!panel) return;
      const panelBox = panel.getBoundingClientRect();
      const cardBox = element.getBoundingClientRect();
      const height = fittedHeight({
        viewport: window.innerHeight,
        top: panelBox.top + window.scrollY,
        below: cardBox.bottom - panelBox.bottom,
        gap,
        min,
        max,
      });
      const value = `${height}px`;
      if (element.style.getPropertyValue(`--${variable}`) === value) return;
      // A panel scrolled to its end (the newest message) stays there as it gets shorter or taller.
      const atEnd = panel.scrollHeight - panel.scrollTop - panel.clientHeight <= 2;
      element.style.setProperty(`--${variable}`, value);
      if (atEnd) panel.scrollTop = panel.scrollHeight;
    };
    fit();
    window.addEventListener('resize', fit);
    // The panel's own height never changes what is above or below it, so this settles at once.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(fit);
    observer?.observe(element);
    return () => {
      window.removeEventListener('resize', fit);
      observer?.disconnect();
    };
  }, [element, panelSelector, variable, min, max, gap]);
  return setElement;
}
