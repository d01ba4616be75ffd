/**
 * Import File (node version 2): inventory feeds, inventory command files and order command files, created by
 * URL, read (optionally waiting until processed) and listed, through n8n-core against the v2 sandbox. The
 * sandbox downloads from loopback addresses only, so a small server here serves the files. Sandbox time runs
 * 50 times faster than real time, so a file is processed (50 + 50 sandbox seconds) in about two seconds: the
 * node reads it more than once while it waits.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import type { IDataObject } from 'n8n-workflow';

import { formatTimestamp } from '../../../../../sandbox';
import { allCommandFiles, type CommandFileType } from '../../../../../sandbox/v2/state/command-files';
import { useFileServer } from '../../../../harness/file-server';
import { useSandboxV2 } from '../../setup';

export function useImportCommandFileSandbox() {
	const v2 = useSandboxV2({ timeScale: 50, processingSeconds: 50 }, 'importFile');
	const db = () => v2.sandbox().control.db;
	const files = useFileServer();
	function storedFile(
		type: CommandFileType,
		storefront: string | null,
		status = 'IMPORTED',
		createdAt = v2.sandbox().control.now(),
	): number {
		const id = (db().lastIds.importFiles = (db().lastIds.importFiles ?? 0) + 1);
		const at = formatTimestamp(createdAt);
		allCommandFiles(db()).push({
			...{
				id_import_file: id,
				uri: files.url(`/f${id}.csv`),
				status,
				type,
				storefront,
				note: '',
				total_lines: 1,
				current_line: 1,
				error_count: 0,
			},
			...{
				product_feed_async_done: 0,
				ts_created: at,
				ts_updated: at,
				ts_last_row_updated: at,
				ts_completed: status === 'IMPORTED' ? at : null,
				_errors: [],
			},
		});
		return id;
	}
	/** Runs `operation` on one item and expects its refusal, naming the field and the item, with nothing sent. */
	async function expectRefusedBeforeSending(operation: string, parameters: IDataObject, message: string) {
		const run = await v2.run({ operation, ...parameters });
		expect(run.error?.message).toContain(message);
		expect(run.error?.message).toContain('[item 0]');
		expect(v2.requests()).toHaveLength(0);
	}
	return { v2, db, files, storedFile, expectRefusedBeforeSending };
}
