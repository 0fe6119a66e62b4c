// Lint rules: ESLint's and typescript-eslint's recommended sets; formatting is Prettier's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', '.sandbox/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: 'error',
      'no-console': 'off',
      // Classic zod cannot be tree-shaken: ~450 KB in every Lambda bundle; zod/mini is the same zod 4 for a few KB.
      'no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/v4', 'zod/v4/classic'].map((name) => ({
            name,
            message: "Use zod/mini (import * as z from 'zod/mini'): classic zod is not tree-shakable.",
          })),
        },
      ],
    },
  },
);
