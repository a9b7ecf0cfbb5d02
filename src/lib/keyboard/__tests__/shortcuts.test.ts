import { renderHook } from '@testing-library/react';
import { isTypingTarget, moveFocus, useKeyboardShortcuts } from '../shortcuts';

const press = (key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};

describe('keyboard shortcuts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('fire on the page, and prevent the browser from acting on the key', () => {
    const j = vi.fn();
    renderHook(() => useKeyboardShortcuts({ j }));
    const event = press('j');
    expect(j).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it('never fire while typing in a field, inside a dialog, or with Ctrl, Alt or Cmd held', () => {
    const t = vi.fn();
    renderHook(() => useKeyboardShortcuts({ t }));
    document.body.innerHTML = `
      <input id="text" /><textarea id="area"></textarea><select id="pick"></select>
      <div contenteditable="true" id="edit"></div>
      <div role="dialog"><button id="in-dialog">x</button></div>
      <input type="checkbox" id="box" />`;
    for (const id of ['text', 'area', 'pick', 'edit', 'in-dialog']) press('t', document.getElementById(id)!);
    press('t', document.body, { ctrlKey: true });
    press('t', document.body, { altKey: true });
    press('t', document.body, { metaKey: true });
    expect(t).not.toHaveBeenCalled();
    // A switch or checkbox does not take letters: the shortcut works from there.
    press('t', document.getElementById('box')!);
    expect(t).toHaveBeenCalledTimes(1);
  });

  it('knows what is typing', () => {
    document.body.innerHTML = `<input id="a" /><input id="b" type="search" /><button id="c">x</button>`;
    expect(isTypingTarget(document.getElementById('a'))).toBe(true);
    expect(isTypingTarget(document.getElementById('b'))).toBe(true);
    expect(isTypingTarget(document.getElementById('c'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('stop when unmounted', () => {
    const j = vi.fn();
    const { unmount } = renderHook(() => useKeyboardShortcuts({ j }));
    unmount();
    press('j');
    expect(j).not.toHaveBeenCalled();
  });

  it('move focus down and up a list, starting at the first and stopping at either end', () => {
    document.body.innerHTML = `<a href="#1" id="one">1</a><a href="#2" id="two">2</a><a href="#3" id="three">3</a>`;
    const items = [...document.querySelectorAll<HTMLElement>('a')];
    moveFocus(items, 1);
    expect(document.activeElement?.id).toBe('one');
    moveFocus(items, 1);
    moveFocus(items, 1);
    moveFocus(items, 1);
    expect(document.activeElement?.id).toBe('three');
    moveFocus(items, -1);
    expect(document.activeElement?.id).toBe('two');
  });
});
