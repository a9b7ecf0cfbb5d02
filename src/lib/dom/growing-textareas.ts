// PrimeReact's growing text areas (InputTextarea autoResize) measure their
// height when they appear and afterwards only grow. One that appears before
// the theme's font has loaded is measured with the fallback font's line
// height and keeps that height. When a font finishes loading, each is
// measured again.
const GROWING = 'textarea.p-inputtextarea-resizable';

export function refitGrowingTextareas(root: ParentNode = document) {
  for (const area of root.querySelectorAll<HTMLTextAreaElement>(GROWING)) {
    area.style.height = '';
    area.style.height = `${area.scrollHeight}px`;
  }
}

export function refitGrowingTextareasOnFontLoad() {
  document.fonts?.addEventListener('loadingdone', () => refitGrowingTextareas());
}
