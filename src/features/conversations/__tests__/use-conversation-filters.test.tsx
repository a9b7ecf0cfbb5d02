import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { noFilters } from '../filters';
import { useConversationFilters } from '../use-conversation-filters';

function setup(initial = '/conversations') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ ...useConversationFilters(), location: useLocation() }), { wrapper });
}

describe('useConversationFilters', () => {
  it('reads the filters from the URL', () => {
    const { result } = setup('/conversations?status=admin_required&startDate=2026-11-05');
    expect(result.current.filters).toEqual({
      ...noFilters,
      status: 'admin_required',
      startDate: new Date(2026, 10, 5),
    });
  });

  it('keeps both of two changes made before the page re-renders', () => {
    const { result } = setup();
    act(() => {
      result.current.update({ customerPhone: '0722' });
      result.current.update({ productMentioned: 'granite' });
    });
    expect(result.current.location.search).toBe('?customerPhone=0722&productMentioned=granite');
    expect(result.current.filters).toEqual({ ...noFilters, customerPhone: '0722', productMentioned: 'granite' });
  });

  it('removes one filter and clears all', () => {
    const { result } = setup('/conversations?customerPhone=0722&status=bot_active');
    act(() => result.current.update({ customerPhone: '' }));
    expect(result.current.location.search).toBe('?status=bot_active');
    act(() => result.current.setFilters(noFilters));
    expect(result.current.location.search).toBe('');
    expect(result.current.filters).toEqual(noFilters);
  });
});
