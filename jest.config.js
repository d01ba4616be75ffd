/* global module, require */
const { budget } = require('./test/budget');

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	setupFiles: ['<rootDir>/test/setup-env.ts'],
	// test/budget.js: 30 s on an idle machine, scaled by the load when the run starts
	testTimeout: budget(30_000),
	maxWorkers: 2,
};
