// ESLint (flat config, typescript-eslint): the recommended rules, plus the layout's import rules.
// Each folder of src may import only what its README says: no door (src/http, src/mcp, src/site,
// scripts/cli) is imported by the core or a subsystem, and only the HTTP door imports Fastify.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const DOORS = ['**/http/**', '**/mcp/**', '**/site/**', '**/scripts/cli/**'];
const FASTIFY = [{ name: 'fastify', message: 'Only the HTTP door (src/http) speaks Fastify.' }];
const noDoors = (message) => DOORS.map((group) => ({ group: [group], message }));

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'generated/', 'coverage/', '.tap/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-control-regex': 'off',
      'no-duplicate-imports': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'no-restricted-imports': ['error', { paths: FASTIFY, patterns: noDoors('The core and the subsystems never import a door.') }],
    },
  },
  {
    // The doors: each may import the core, the subsystems and the repositories; the HTTP door mounts the others.
    files: ['src/http/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/mcp/**/*.ts', 'src/site/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: FASTIFY, patterns: [{ group: ['**/http/**'], message: 'A door does not import the HTTP door.' }] }] },
  },
  {
    // The composition root wires the doors to the core.
    files: ['src/app.ts', 'src/server.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: FASTIFY }] },
  },
);
