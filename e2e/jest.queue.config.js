/* global module, require */
/**
 * The package in n8n's queue mode (`npm run test:queue`): e2e/tests/queue-mode.e2e.test.ts starts its own
 * Redis, PostgreSQL, sandbox and n8n processes, so none of the default e2e run's global set-up.
 */
const { budget } = require('../test/budget');

/** @type {import('jest').Config} */
module.exports = {
	rootDir: '..',
	testEnvironment: 'node',
	roots: ['<rootDir>/e2e'],
	testMatch: ['**/queue-mode.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	// test/budget.js: 90 s on an idle machine, scaled by the load
	testTimeout: budget(90_000),
	maxWorkers: 1,
	modulePathIgnorePatterns: ['<rootDir>/.e2e/', '<rootDir>/dist/'],
};
