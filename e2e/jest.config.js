/* global module, require */
/**
 * End-to-end tests in a real n8n (e2e/n8n-runtime, installed by e2e/ensure-runtime.sh) against the sandbox:
 *   npx jest -c e2e/jest.config.js
 * One n8n and one sandbox for the whole run (global set-up); test files run one after another.
 */
const { budget } = require('../test/budget');

/** @type {import('jest').Config} */
module.exports = {
	rootDir: '..',
	testEnvironment: 'node',
	roots: ['<rootDir>/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	// queue mode has its own set-up and config (e2e/jest.queue.config.js, `npm run test:queue`)
	testPathIgnorePatterns: ['/node_modules/', 'queue-mode\\.e2e\\.test\\.ts$'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/e2e/setup/global-setup.ts',
	globalTeardown: '<rootDir>/e2e/setup/global-teardown.ts',
	// test/budget.js: 3 minutes on an idle machine (an `n8n execute` starts a whole n8n), scaled by the load
	testTimeout: budget(180_000),
	maxWorkers: 1,
	modulePathIgnorePatterns: ['<rootDir>/.e2e/', '<rootDir>/dist/'],
};
