/**
 * Report (node version 2) — Request (every report type), Get, Get Many, Download — through n8n-core against the v2
 * sandbox, whose reports become `done` after DONE_AFTER_SECONDS of sandbox time.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import { reportState } from '../../../../../sandbox/model/reports';
import { useSandboxV2 } from '../../setup';

export function useReportSandbox() {
	const v2 = useSandboxV2({ strict: true }, 'report');
	const reports = () => reportState(v2.sandbox().control.db).rows;
	const request = (parameters: Record<string, unknown>, options = {}) =>
		v2.run({ operation: 'request', ...parameters }, options);
	const fileRequests = () =>
		v2
			.sandbox()
			.control.requests()
			.filter((entry) => entry.api !== 'v2');
	return { v2, reports, request, fileRequests };
}
