/* global module */
/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	setupFiles: ['<rootDir>/test/setup-env.ts'],
	// the default timeout follows the load: test/setup-timeout.ts (and why it is not `testTimeout` here)
	setupFilesAfterEnv: ['<rootDir>/test/setup-timeout.ts'],
	maxWorkers: 2,
};
