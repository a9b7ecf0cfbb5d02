// Server tests: Node environment, fresh in-memory PGlite databases copied from one migrated image.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['server/**/*.test.ts'],
    environment: 'node',
    // A migrated database's image, made once; each test database is a copy of it.
    globalSetup: ['server/test/global-setup.ts'],
    // PGlite start-up and argon2 hashing are CPU-bound on a shared machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run side by side, one per core: each has its own in-memory PGlite (or its own
    // PostgreSQL), its own data folder and ports picked free, so none shares state.
    fileParallelism: true,
    // Vitest's default leaves a core free (one worker on two cores); the files wait on PGlite,
    // PostgreSQL and child processes as much as they compute.
    maxWorkers: '100%',
  },
});
