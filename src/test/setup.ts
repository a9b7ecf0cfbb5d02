import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installContractCheck } from '../api/contract-check';

installContractCheck();
afterEach(() => cleanup());
// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: on a busy 2-core CI machine a
// first render with its queries settling took over 1 s ("Loading..." still shown). A test that
// waits for something that never comes still fails, only later.
configure({ asyncUtilTimeout: 5_000 });
