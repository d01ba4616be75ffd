/* global module */
/**
 * End-to-end tests in a real n8n (e2e/n8n-runtime, installed by e2e/ensure-runtime.sh) against the sandbox:
 *   npx jest -c e2e/jest.config.js
 * One n8n and one sandbox for the whole run (global set-up); test files run one after another.
 */
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
	// the default timeout follows the load: e2e/setup/timeout.ts (not `testTimeout`, which ts-jest keys its cache on)
	setupFilesAfterEnv: ['<rootDir>/e2e/setup/timeout.ts'],
	maxWorkers: 1,
	modulePathIgnorePatterns: ['<rootDir>/.e2e/', '<rootDir>/dist/'],
};
