// Lint rules: ESLint's and typescript-eslint's recommended sets; formatting is Prettier's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Classic zod cannot be tree-shaken: ~450 KB in every Lambda bundle; zod/mini is the same zod 4 for a few KB.
const classicZod = ['zod', 'zod/v4', 'zod/v4/classic'].map((name) => ({
  name,
  message: "Use zod/mini (import * as z from 'zod/mini'): classic zod is not tree-shakable.",
}));

/** Relative imports stay within a folder and its parent; anything further is a subpath import (package.json). */
const climbing = {
  regex: '^\\.\\./\\.\\./',
  message: 'Import through a subpath (#shared/..., #sim/...), not ../../.',
};

/**
 * The folder READMEs' "may import" tables as errors: files under `folder` may not import the folders named in
 * `forbidden` (paths from the project root, such as `lib` or `shared/gateway`), whether through a subpath
 * import (`#lib/...`; `local/bank-sim` is `#sim/...`, so forbidding `local` leaves the simulator allowed)
 * or a relative path.
 */
const boundary = (folder, forbidden, why, { allowClimbing = false } = {}) => {
  const subpaths = forbidden.map((path) =>
    path.startsWith('local/bank-sim') ? `#sim${path.slice('local/bank-sim'.length)}` : `#${path}`,
  );
  return {
    files: [`${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: classicZod,
          patterns: [
            ...(forbidden.length === 0
              ? []
              : [
                  { regex: `^(${subpaths.join('|')})/`, message: `${folder}/ ${why}` },
                  { regex: `^(\\.\\./)+(${forbidden.join('|')})/`, message: `${folder}/ ${why}` },
                ]),
            ...(allowClimbing ? [] : [climbing]),
          ],
        },
      ],
    },
  };
};

/** What the simulator (local/bank-sim/) may not import: it is the bank, and sees only shared/'s rules and ports. */
const simulatorForbidden = [
  'lib',
  'functions',
  'client',
  'bin',
  'test',
  'local',
  'shared/(gateway|runtime|payments|fx|mccy-payments|name-checks|statements|workflows|onboarding|events)',
];

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', '.sandbox/', 'coverage/', 'client/dist/'] },
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
  boundary(
    'shared',
    ['lib', 'functions', 'local', 'local/bank-sim', 'client', 'bin', 'test'],
    'imports nothing above it.',
  ),
  boundary(
    'functions',
    ['lib', 'local', 'local/bank-sim', 'client', 'bin', 'test'],
    'may import shared/ only.',
  ),
  boundary(
    'lib',
    ['functions', 'local', 'local/bank-sim', 'client', 'bin', 'test'],
    'is CDK: it may import shared/ only.',
  ),
  boundary(
    'client',
    ['lib', 'functions', 'local', 'local/bank-sim', 'bin', 'test'],
    'is the typed client: shared/ only.',
  ),
  boundary('bin', ['test'], 'runs the tools: anything but the tests.'),
  boundary(
    'events',
    ['lib', 'functions', 'local', 'local/bank-sim', 'client', 'bin', 'test'],
    'is generated types: shared/ only.',
  ),
  boundary('local', ['lib', 'bin', 'test'], 'is the sandbox: shared/ and functions/ only.'),
  // Listed after local/, so its rule replaces local/'s for the simulator's files.
  boundary(
    'local/bank-sim',
    simulatorForbidden,
    "is the bank: it may import shared/'s rules and ports, never the gateway's use cases, functions or sandbox.",
  ),
  // Listed after local/bank-sim/, so its rule replaces that one for the core: the same list, and no product
  // (`#sim/products/...`, or `../products/...` from the core's own folder). Products are handed to the core.
  boundary(
    'local/bank-sim/core',
    [...simulatorForbidden, 'local/bank-sim/products', 'products'],
    "is the simulator's machinery: it imports no product (the entry point hands it the list), only shared/'s rules and ports.",
  ),
  // Tests may import anything, through subpaths or relative paths.
  boundary('test', [], '', { allowClimbing: true }),
);
