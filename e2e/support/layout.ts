// Layout checks a user notices on a narrow screen: the page scrolls sideways,
// or a text is cut off with no way to read the rest of it.
import { expect, type Locator, type Page } from '@playwright/test';

/** The app's phone layout starts below this width (src/components/layout/sidebar-state.ts). */
const MOBILE_BREAKPOINT_PX = 768;

/**
 * Resizes the window of a page already shown and waits until the app has laid
 * itself out for the new width: the shell swaps the sidebar for the menu sheet
 * (or back) on a media-query event a frame or more after the resize, and a
 * measure taken before that sees the old layout.
 */
export async function resizeShown(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  const shell = page.locator('.shell');
  if ((await shell.count()) === 0) return;
  await expect(shell).toHaveAttribute(
    'data-sidebar',
    size.width < MOBILE_BREAKPOINT_PX ? /^(open|closed)$/ : /^(expanded|collapsed)$/,
  );
}

/** How many CSS pixels the page is wider than the window (0 when it does not scroll sideways). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

/**
 * Every visible text the page cuts off (by an ancestor's `overflow: hidden`
 * or `clip`, an ellipsis included) where neither the element nor an ancestor
 * up to the one that cuts it offers the whole text in a `title` or an
 * `aria-label`. A text in a box the user can scroll (overflow: auto) can be
 * read and is not reported, nor is text made for screen readers only (a
 * 1 px clipped box), nor a form field's value. Each finding names the text
 * and the element that cuts it.
 */
export function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (element: Element) =>
      element.tagName.toLowerCase() +
      (element.id ? `#${element.id}` : '') +
      [...element.classList]
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
    const srOnly = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return rect.width <= 1 && rect.height <= 1 && (style.overflow === 'hidden' || style.clip !== 'auto');
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('input, textarea, select, script, style, [aria-hidden="true"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
      if (rects.length === 0) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      let hidden = false;
      for (
        let element: Element | null = parent;
        element && element !== document.body;
        element = element.parentElement
      ) {
        if (srOnly(element)) {
          hidden = true;
          break;
        }
      }
      if (hidden) continue;
      // The nearest ancestor that cuts its content off, and whether the text goes past it.
      for (
        let element: Element | null = parent;
        element && element !== document.documentElement;
        element = element.parentElement
      ) {
        const cut = getComputedStyle(element);
        const cutsX = cut.overflowX === 'hidden' || cut.overflowX === 'clip';
        const cutsY = cut.overflowY === 'hidden' || cut.overflowY === 'clip';
        if (!cutsX && !cutsY) continue;
        const box = element.getBoundingClientRect();
        const past = rects.some(
          (rect) =>
            (cutsX && (rect.right > box.right + 1 || rect.left < box.left - 1)) ||
            (cutsY && (rect.bottom > box.bottom + 1 || rect.top < box.top - 1)),
        );
        // An ellipsis cuts inside the element itself: its text is wider than its box.
        const ellipsis =
          element === parent && cutsX && cut.textOverflow === 'ellipsis' && parent.scrollWidth > parent.clientWidth + 1;
        if (!past && !ellipsis) continue;
        let readable = false;
        for (let at: Element | null = parent; at; at = at.parentElement) {
          const offered = `${at.getAttribute('title') ?? ''} ${at.getAttribute('aria-label') ?? ''}`;
          if (offered.replace(/\s+/g, ' ').includes(text)) {
            readable = true;
            break;
          }
          if (at === element) break;
        }
        if (!readable) found.push(`"${text.slice(0, 60)}" in ${describe(parent)}, cut off by ${describe(element)}`);
        break;
      }
    }
    return found;
  });
}

/** A line's box: its height, the height of one line of its text, and whether its text is wider than it (cut). */
export const lineBox = (line: Locator) =>
  line.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    line: parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.6,
    cut: el.scrollWidth > el.clientWidth,
  }));
