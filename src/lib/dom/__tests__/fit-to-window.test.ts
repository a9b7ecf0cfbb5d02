import { fittedHeight } from '../fit-to-window';

describe('fittedHeight', () => {
  const laptop = { top: 240, below: 150, gap: 24, min: 200, max: 600 };

  it('keeps the full height when the window has room for it and the message box', () => {
    expect(fittedHeight({ ...laptop, viewport: 1100 })).toBe(600);
  });

  it('gives way on a laptop window so what follows the panel stays in view', () => {
    // 768 - 240 - 150 - 24
    expect(fittedHeight({ ...laptop, viewport: 768 })).toBe(354);
    expect(fittedHeight({ ...laptop, viewport: 720 })).toBe(306);
  });

  it('never goes under its least height on a very short window', () => {
    expect(fittedHeight({ ...laptop, viewport: 400 })).toBe(200);
  });
});
