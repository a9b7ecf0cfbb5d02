import { loadOnce } from '../lib/lazy/load-once';

/**
 * The login screen's code. The shell downloads it once it is idle, so that when a session ends
 * (a 401, or Sign out) /login shows at once instead of the last screen lingering, with its
 * failed calls' error states, while the code downloads.
 */
export const loginScreen = loadOnce(() => import('../features/auth/login-page'));
