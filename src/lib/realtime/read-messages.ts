// What the shell needs once the socket has something to say: reading a frame against the
// contract (parse-message.ts, with zod and every message schema), acting on the event (events,
// coalesce, refetch) and confirming an ended session. One download, a little after the shell has
// painted or with the first frame (see use-realtime.ts); the socket itself opens at once.
export { parseRealtimeMessage } from './parse-message';
export { createInvalidationBatcher } from './coalesce';
export { invalidationsForEvent } from './events';
export { refetchAfterEvent } from './refetch';
export { confirmSessionEnded } from './session-ended';
