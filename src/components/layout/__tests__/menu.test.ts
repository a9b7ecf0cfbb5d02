import { describe, expect, it } from 'vitest';
import { isActive, menu } from '../menu';

describe('sidebar menu', () => {
  it('lists the seven entries in order (Orders only where the backend offers it)', () => {
    expect(menu.map((m) => [m.title, m.to])).toEqual([
      ['Dashboard', '/'],
      ['Products', '/products'],
      ['Conversations', '/conversations'],
      ['Orders', '/orders'],
      ['Notifications', '/notifications'],
      ['Analytics', '/analytics'],
      ['Settings', '/settings'],
    ]);
  });

  it('makes the root active only on equality', () => {
    expect(isActive('/', '/')).toBe(true);
    expect(isActive('/', '/products')).toBe(false);
  });

  it('makes other entries active on their route and below it', () => {
    expect(isActive('/products', '/products')).toBe(true);
    expect(isActive('/products', '/products/edit/3')).toBe(true);
    expect(isActive('/conversations', '/conversations/102')).toBe(true);
    expect(isActive('/products', '/conversations')).toBe(false);
  });
});
