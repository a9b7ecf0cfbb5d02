import { describe, expect, it } from 'vitest';
import { safeImageUrl } from '../safe-image-url';

const base = 'https://admin.example.com';

describe('safeImageUrl', () => {
  it.each([
    'https://cdn.example.com/a.jpg',
    'http://cdn.example.com/a.jpg',
    '/uploads/a.jpg',
    'uploads/a.jpg',
    '//cdn.example.com/a.jpg',
  ])('loads %s', (url) => {
    expect(safeImageUrl(url, base)).toBe(url);
  });

  it.each([
    'javascript:window.__pwned=1',
    'JavaScript:window.__pwned=1',
    ' javascript:window.__pwned=1',
    'java\tscript:window.__pwned=1',
    '\u0001javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'DATA:image/png;base64,AAAA',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://admin.example.com/x',
    '',
    '   ',
  ])('refuses %j', (url) => {
    expect(safeImageUrl(url, base)).toBeNull();
  });

  it('refuses nothing at all', () => {
    expect(safeImageUrl(null, base)).toBeNull();
    expect(safeImageUrl(undefined, base)).toBeNull();
  });
});
