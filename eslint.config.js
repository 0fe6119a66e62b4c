// Lint rules: ESLint's and typescript-eslint's recommended sets; formatting is Prettier's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Classic zod cannot be tree-shaken: ~450 KB in every Lambda bundle; zod/mini is the same zod 4 for a few KB.
const classicZod = ['zod', 'zod/v4', 'zod/v4/classic'].map((name) => ({
  name,
  message: "Use zod/mini (import * as z from 'zod/mini'): classic zod is not tree-shakable.",
}));

/**
 * The folder READMEs' "may import" tables as errors: files under `folder` may not import from the top-level
 * folders named in `forbidden` (what each README says it may not touch).
 */
const boundary = (folder, forbidden, why) => ({
  files: [`${folder}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: classicZod,
        patterns: [{ regex: `^(\\.\\./)+(${forbidden.join('|')})/`, message: `${folder}/ ${why}` }],
      },
    ],
  },
});

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
      'no-restricted-imports': ['error', { paths: classicZod }],
    },
  },
  boundary('shared', ['lib', 'functions', 'local', 'client', 'bin', 'test'], 'imports nothing above it.'),
  boundary('functions', ['lib', 'local', 'client', 'bin', 'test'], 'may import shared/ only.'),
  boundary('lib', ['functions', 'local', 'client', 'bin', 'test'], 'is CDK: it may import shared/ only.'),
  boundary('client', ['lib', 'functions', 'local', 'bin', 'test'], 'is the typed client: shared/ only.'),
  boundary('local', ['lib', 'bin', 'test'], 'is the sandbox: shared/ and functions/ only.'),
);
