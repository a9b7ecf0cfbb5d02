// Beyond the spec: live changes never move a card under the pointer or focus. A
// refetch (a realtime event, the window regaining focus) that changes what the list shows
// waits behind an "N new" control, unless the list is idle at the top of the page: nothing
// under the pointer, nothing focused in it, not scrolled. Changes staff asked for (other
// filters, the next page) show at once.
import { useState } from 'react';
import type { Conversation } from '../../api/generated/model/conversation';

/** What the conversation list page shows: the hand-offs lifted to the top and the list. */
export interface ListView {
  attention: readonly Conversation[];
  all: readonly Conversation[];
  /** Pages of the list loaded: one more means staff asked for the next page. */
  pages: number;
}

/**
 * How many conversations a new answer changes on screen: those that arrive, leave, or
 * differ in anything shown (status, last message, counts…), in either part of the view.
 */
export function changedConversations(shown: ListView, incoming: ListView): number {
  const before = new Map<number, string>();
  for (const c of [...shown.attention, ...shown.all]) before.set(c.id, JSON.stringify(c));
  const after = new Map<number, string>();
  for (const c of [...incoming.attention, ...incoming.all]) after.set(c.id, JSON.stringify(c));
  const changed = new Set<number>();
  for (const [id, text] of after) if (before.get(id) !== text) changed.add(id);
  for (const id of before.keys()) if (!after.has(id)) changed.add(id);
  // The same conversations in another order (one moved up) count too.
  const order = (view: ListView) => [...view.attention, ...view.all].map((c) => c.id).join(',');
  if (changed.size === 0 && order(shown) !== order(incoming)) return 1;
  return changed.size;
}

type Decision = 'show' | 'hold' | 'same';

/** Whether a new answer shows at once, waits, or changes nothing on screen. */
export function decide(shown: ListView, incoming: ListView, idle: boolean): Decision {
  const count = changedConversations(shown, incoming);
  if (count === 0) return 'same';
  // Nothing on screen yet, the next page asked for, or nobody in the way: shown at once.
  if (shown.attention.length + shown.all.length === 0 || incoming.pages !== shown.pages || idle) return 'show';
  return 'hold';
}

interface SteadyState {
  key: string;
  /** The last answer seen (reference), shown or waiting. */
  seen: ListView;
  shown: ListView;
  waiting: number;
}

/**
 * The view to render: `incoming` itself, or the one before while changes wait. `key` (the
 * filters) shows a new answer at once when it changes; `isIdle` is asked when a change
 * arrives. `showWaiting` shows what waits.
 */
export function useSteadyList(incoming: ListView, key: string, isIdle: () => boolean) {
  const [state, setState] = useState<SteadyState>({ key, seen: incoming, shown: incoming, waiting: 0 });
  let current = state;
  if (state.key !== key) {
    current = { key, seen: incoming, shown: incoming, waiting: 0 };
    setState(current);
  } else if (state.seen !== incoming) {
    const decision = decide(state.shown, incoming, state.waiting === 0 && isIdle());
    current =
      decision === 'hold'
        ? { ...state, seen: incoming, waiting: changedConversations(state.shown, incoming) }
        : { key, seen: incoming, shown: incoming, waiting: 0 };
    setState(current);
  }
  return {
    view: current.shown,
    waiting: current.waiting,
    showWaiting: () => setState((s) => ({ ...s, shown: s.seen, waiting: 0 })),
  };
}
