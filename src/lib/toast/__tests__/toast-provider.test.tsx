import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ToastProvider } from '../toast-provider';
import { useToast, type ShowToast } from '../toast-context';

let show!: ShowToast;
function Grab() {
  show = useToast();
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
});
afterEach(() => vi.useRealTimers());

describe('ToastProvider', () => {
  it('shows one toast at a time: a new one replaces the last', () => {
    act(() => show({ title: 'Product deleted', description: 'The product has been successfully removed.' }));
    act(() => show({ title: 'Error', description: 'Failed to send message', variant: 'destructive' }));
    expect(screen.queryByText('Product deleted')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('ErrorFailed to send message');
  });

  it('closes after 5000 ms by default', () => {
    act(() => show({ title: 'Settings saved' }));
    act(() => vi.advanceTimersByTime(4990));
    expect(screen.getByRole('status')).toHaveTextContent('Settings saved');
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
  });
});
