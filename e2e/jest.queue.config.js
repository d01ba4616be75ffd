/* global module */
/**
 * The package in n8n's queue mode (`npm run test:queue`): e2e/tests/queue-mode.e2e.test.ts starts its own
 * Redis, PostgreSQL, sandbox and n8n processes, so none of the default e2e run's global set-up.
 */
/** @type {import('jest').Config} */
module.exports = {
	rootDir: '..',
	testEnvironment: 'node',
	roots: ['<rootDir>/e2e'],
	testMatch: ['**/queue-mode.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	testTimeout: 180000,
	maxWorkers: 1,
	modulePathIgnorePatterns: ['<rootDir>/.e2e/', '<rootDir>/dist/'],
};
