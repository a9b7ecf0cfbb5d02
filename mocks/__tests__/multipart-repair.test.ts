// @vitest-environment node
import { describe, expect, it } from 'vitest';
// The parser Prism 5.14 uses for multipart bodies (a dependency of @stoplight/prism-http).
import { parse } from 'parse-multipart-data';
import { multipartBoundary, repairMultipart } from '../multipart-repair';

const boundary = '----WebKitFormBoundary7MA4YWxkTrZu0gW';
const body = (...parts: string[]) =>
  Buffer.from(`${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`, 'latin1');
const csv = 'Type,Name\r\ngranite,Absolute Black\r\n';

describe('multipart repair for Prism', () => {
  it('reads the boundary of a multipart/form-data header only', () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${boundary}`)).toBe(boundary);
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeUndefined();
    expect(multipartBoundary(undefined)).toBeUndefined();
  });

  it('a filename with "=" crashes the parser; repaired, it parses and the content is intact', () => {
    const raw = body(
      `Content-Disposition: form-data; name="file"; filename="price=list.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}`,
    );
    expect(() => parse(raw, boundary)).toThrow();
    const { body: fixed, repairs } = repairMultipart(raw, boundary);
    expect(repairs).toEqual(['file: filename "price=list.csv" → "price_list.csv"']);
    const [part] = parse(fixed, boundary);
    expect(part).toMatchObject({ name: 'file', filename: 'price_list.csv', type: 'text/csv' });
    expect(part.data.toString('latin1')).toBe(csv);
  });

  it('a file part without Content-Type gets one from its extension', () => {
    const raw = body(
      'Content-Disposition: form-data; name="name"\r\n\r\nAbsolute Black',
      `Content-Disposition: form-data; name="productImage"; filename="slab.png"\r\n\r\n\u0089PNG\r\n\u001a\n\u0000\u00ff`,
    );
    expect(() => parse(raw, boundary)).toThrow();
    const { body: fixed, repairs } = repairMultipart(raw, boundary);
    expect(repairs).toEqual(['productImage: file part without Content-Type → image/png']);
    const parts = parse(fixed, boundary);
    expect(parts[0]).toMatchObject({ name: 'name' });
    expect(parts[0].data.toString()).toBe('Absolute Black');
    expect(parts[1]).toMatchObject({ name: 'productImage', filename: 'slab.png', type: 'image/png' });
    // Binary content byte for byte.
    expect([...parts[1].data]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
  });

  it('leaves a body Prism can read as it is (same buffer)', () => {
    const raw = body(
      `Content-Disposition: form-data; name="file"; filename="catalogue.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}`,
    );
    expect(repairMultipart(raw, boundary)).toEqual({ body: raw, repairs: [] });
  });

  it('decodes an RFC 5987 filename* (UTF-8 on the wire) and makes it safe', () => {
    // U+223D "∽" must not turn into a stray "=" (its low byte is 0x3D).
    const raw = body(
      `Content-Disposition: form-data; name="file"; filename*=UTF-8''price%3Dlist%E2%88%BD.csv\r\nContent-Type: text/csv\r\n\r\n${csv}`,
    );
    const fixed = repairMultipart(raw, boundary).body;
    expect(fixed.toString('utf8')).toContain('filename="price_list∽.csv"');
    const [part] = parse(fixed, boundary);
    expect(part).toMatchObject({ name: 'file', type: 'text/csv' });
    expect(part.data.toString('latin1')).toBe(csv);
  });
});
