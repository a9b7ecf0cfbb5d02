import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Tooltip, TooltipDelayContext } from '../tooltip';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Tooltip', () => {
  it('opens after 700 ms by default', () => {
    render(
      <Tooltip content="Toggle Sidebar">
        <button type="button">menu</button>
      </Tooltip>,
    );
    fireEvent.mouseEnter(screen.getByRole('button'));
    advance(690);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    advance(20);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Toggle Sidebar');
    expect(screen.getByRole('button')).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);
  });

  it('opens at once inside the sidebar (delay 0)', () => {
    render(
      <TooltipDelayContext.Provider value={0}>
        <Tooltip content="Products" side="right">
          <a href="/products">P</a>
        </Tooltip>
      </TooltipDelayContext.Provider>,
    );
    fireEvent.mouseEnter(screen.getByRole('link'));
    advance(0);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Products');
  });

  it('skips the delay when another tooltip closed less than 300 ms ago', () => {
    render(
      <>
        <Tooltip content="First">
          <button type="button">one</button>
        </Tooltip>
        <Tooltip content="Second">
          <button type="button">two</button>
        </Tooltip>
        <Tooltip content="Third">
          <button type="button">three</button>
        </Tooltip>
      </>,
    );
    fireEvent.mouseEnter(screen.getByText('one'));
    advance(700);
    fireEvent.mouseLeave(screen.getByText('one'));
    advance(100);
    fireEvent.mouseEnter(screen.getByText('two'));
    advance(0);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Second');
    fireEvent.mouseLeave(screen.getByText('two'));
    advance(400);
    fireEvent.mouseEnter(screen.getByText('three'));
    advance(0);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    advance(700);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Third');
  });
});

describe('Tooltip, WCAG 1.4.13 (content on hover or focus)', () => {
  const open = () => {
    render(
      <Tooltip content="Toggle Sidebar (Ctrl+B)">
        <button type="button">menu</button>
      </Tooltip>,
    );
    fireEvent.focus(screen.getByRole('button'));
    advance(700);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
  };

  it('is dismissed by Escape without moving focus, and Escape goes no further', () => {
    const further = vi.fn();
    window.addEventListener('keydown', further);
    open();
    fireEvent.keyDown(screen.getByRole('button'), { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(further).not.toHaveBeenCalled();
    // Closed, Escape is the page's again.
    fireEvent.keyDown(screen.getByRole('button'), { key: 'Escape' });
    expect(further).toHaveBeenCalledTimes(1);
    window.removeEventListener('keydown', further);
  });

  it('stays while the pointer moves from the trigger onto it, and closes when the pointer leaves it', () => {
    render(
      <Tooltip content="Live updates connected">
        <span>Live</span>
      </Tooltip>,
    );
    fireEvent.mouseEnter(screen.getByText('Live'));
    advance(700);
    fireEvent.mouseLeave(screen.getByText('Live'));
    advance(50);
    fireEvent.mouseEnter(screen.getByRole('tooltip'));
    advance(500);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole('tooltip'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('closes shortly after the pointer leaves the trigger for elsewhere', () => {
    open();
    fireEvent.mouseLeave(screen.getByRole('button'));
    advance(200);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
