import { defineConfig } from 'vitest/config';

// Unit tests cover lib/, the pure core: no browser APIs, so plain Node is the right host.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
