import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { refetchAfterEvent } from '../refetch';

describe('refetchAfterEvent', () => {
  it('fetches again when the event comes while the first load is still on the way', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const answers = [[] as number[], [231, 230]];
    let calls = 0;
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const queryFn = async () => {
      const answer = answers[calls++];
      if (calls === 1) await firstHeld; // the first answer was computed before the event
      return answer;
    };
    const observer = new QueryObserver(client, { queryKey: ['api', 'notifications', 'unread'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(calls).toBe(1));

    const refetched = refetchAfterEvent(client, { queryKey: ['api', 'notifications'] });
    releaseFirst();
    await refetched;

    expect(calls).toBe(2);
    expect(client.getQueryData(['api', 'notifications', 'unread'])).toEqual([231, 230]);
    unsubscribe();
  });
});
