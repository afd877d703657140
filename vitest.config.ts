import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/unit/buildWorkers.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
