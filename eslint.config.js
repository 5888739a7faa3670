// Layering made checkable (docs/decisions.md, "Operations table and pipeline"): run by `npm test`.
// Import cycles are checked by test/layering.test.ts.
import tseslint from 'typescript-eslint';

const PRODUCTION = ['packages/*/src/**/*.ts', 'services/*/src/**/*.ts', 'gateway/src/**/*.ts', 'protos/src/**/*.ts', 'scripts/**/*.ts'];

/** The chassis secret is read by label and preservation only; the bands policy is @svc/disclosure. */
const CHASSIS = { group: ['@svc/chassis', '@svc/chassis/*'], message: 'only label and preservation read the chassis; the public bands policy is @svc/disclosure' };
/** A workspace is used through its package entry points, never by reaching into its files. */
const DEEP = {
  group: ['@svc/*/src/*', '../../packages/*', '../../services/*', '../../gateway/*', '../../../packages/*', '../../../services/*', '../../../gateway/*'],
  message: 'import the workspace by its package name and exported entry point',
};
const TESTS = { group: ['**/test/**', '**/test', '../test/*'], message: 'production code never imports test code' };

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'protos/gen/**', '.data/**', 'docs/**', 'dist/**'] },
  {
    files: PRODUCTION,
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': ['error', { patterns: [CHASSIS, DEEP, TESTS] }],
    },
  },
  {
    // The two services that apply the disclosure policy to the secret, and the secret's own package.
    files: ['packages/chassis/src/**/*.ts', 'services/label/src/**/*.ts', 'services/preservation/src/**/*.ts', 'scripts/bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEEP, TESTS] }] },
  },
);
