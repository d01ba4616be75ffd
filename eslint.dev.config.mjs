// Lint for the code that is not published: tests, the sandbox, benchmarks and the e2e scripts.
// They run on Node and may use `process` and timers, so they get TypeScript's recommended rules
// instead of the n8n node rules (which `eslint.config.mjs` applies to nodes/ and credentials/).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', 'e2e/n8n-runtime/**', '.e2e/**'] },
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.ts'],
		rules: {
			'@typescript-eslint/no-explicit-any': 'error',
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/no-require-imports': 'off',
			'no-console': 'off',
		},
	},
	{
		// CommonJS that jest loads without compiling (its configs, test/budget.js)
		files: ['**/*.js'],
		rules: { '@typescript-eslint/no-require-imports': 'off' },
	},
);
