import { refitGrowingTextareas } from '../growing-textareas';

describe('refitGrowingTextareas', () => {
  it('sizes each growing text area to its content again, smaller as well as larger', () => {
    document.body.innerHTML = `
      <textarea class="p-inputtextarea-resizable" style="height: 90px"></textarea>
      <textarea class="p-inputtextarea-resizable" style="height: 20px"></textarea>
      <textarea style="height: 90px"></textarea>`;
    const [shrinks, grows, fixed] = document.querySelectorAll('textarea');
    Object.defineProperty(shrinks, 'scrollHeight', { value: 66 });
    Object.defineProperty(grows, 'scrollHeight', { value: 44 });
    refitGrowingTextareas();
    expect(shrinks.style.height).toBe('66px');
    expect(grows.style.height).toBe('44px');
    expect(fixed.style.height).toBe('90px');
  });
});
