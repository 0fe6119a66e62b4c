import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/infra/**/*.test.ts',
      'test/integration/**/*.test.ts',
      'test/contract/**/*.test.ts',
    ],
    testTimeout: 30_000,
    // Keep test output readable: EMF metrics and info logs are asserted through behaviour, not printed.
    env: { POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'SILENT' },
    hookTimeout: 60_000,
  },
});
