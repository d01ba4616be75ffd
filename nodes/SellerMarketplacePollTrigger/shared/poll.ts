import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PollOptions } from './options';
import { readList, readNewest, type ReadListOptions } from './readList';
import { loadSnapshotState, selectEntered, snapshotBaseline, type SnapshotState } from './snapshot';
import type { EventSource, ListPageReader, SnapshotSource, TimelineSource } from './sources';
import {
	inWindow,
	loadTimelineState,
	newTimelineState,
	rememberedSince,
	remember,
	selectBatch,
	windowStart,
	type TimelineState,
} from './timeline';

export interface PollSettings extends PollOptions {
	/** The event and its filters: a saved state of another key is not used. */
	key: string;
	/** Page Concurrency. */
	concurrency: number;
}

/** Where the state lives in the node's static data. */
const STATE_FIELD = 'pollState';

interface Outcome {
	batch: IDataObject[];
	state: TimelineState | SnapshotState;
	waiting: number;
}

/**
 * Polls of one trigger node running in this process. n8n starts a poll on every tick even when the last
 * one is still running (a slow backlog, a rate limit), and both would start from the same saved cursor:
 * the second one skips instead of emitting the same records again.
 */
const running = new Set<string>();

/** Reads a list, or fails the poll (nothing emitted, cursor unchanged) when it would not hold still. */
async function readOrFail(context: IPollFunctions, source: EventSource, read: ListPageReader, options: ReadListOptions): Promise<IDataObject[]> {
	const records = await readList(read, options);
	if (records === undefined) {
		throw new NodeOperationError(context.getNode(), `The list of ${source.noun} kept changing while it was read`, {
			description: 'Nothing was emitted and the cursor did not move; the next poll reads the same window again.',
		});
	}
	return records;
}

async function timelineBaseline(context: IPollFunctions, source: TimelineSource, settings: PollSettings): Promise<TimelineState> {
	const newest = await readNewest(source.list(context, undefined), source.order, source.timeOf);
	const newestTime = newest === undefined ? undefined : source.timeOf(newest);
	// An empty list: whatever shows up from now on is new.
	if (newestTime === undefined) return newTimelineState(settings.key);
	const from = newestTime - settings.lookbackSeconds;
	const records = await readOrFail(context, source, source.list(context, from), { pageSize: source.pageSize, concurrency: settings.concurrency, sequential: source.movable });
	return remember(newTimelineState(settings.key), inWindow(records, source, from).entries, settings.lookbackSeconds);
}

async function pollTimeline(context: IPollFunctions, source: TimelineSource, saved: unknown, settings: PollSettings): Promise<Outcome> {
	let state = loadTimelineState(saved, settings.key);
	if (state === undefined) {
		// The first poll: from the start date, or mark what exists as known and start from now.
		if (settings.startFrom === undefined) return { batch: [], state: await timelineBaseline(context, source, settings), waiting: 0 };
		state = newTimelineState(settings.key, settings.startFrom);
	}
	const from = windowStart(state, settings.lookbackSeconds);
	const records = await readOrFail(context, source, source.list(context, from), {
		pageSize: source.pageSize,
		concurrency: settings.concurrency,
		sequential: source.movable,
		// The oldest new records are within this many of the end of a newest-first list.
		oldest: source.order === 'newestFirst' ? { count: settings.maxItems + rememberedSince(state, from), timeOf: source.timeOf } : undefined,
	});
	const selection = selectBatch(records, state, source, { max: settings.maxItems, lookbackSeconds: settings.lookbackSeconds });
	if (selection.unusable > 0) {
		context.logger.warn(`${selection.unusable} ${source.noun} without an id or timestamp were skipped`, { node: context.getNode().name });
	}
	const { emits } = source;
	return emits ? { ...selection, batch: selection.batch.filter((record) => emits(record)) } : selection;
}

async function pollSnapshot(context: IPollFunctions, source: SnapshotSource, saved: unknown, settings: PollSettings): Promise<Outcome> {
	const records = await readOrFail(context, source, source.list(context), { pageSize: source.pageSize, concurrency: settings.concurrency, sequential: false });
	const state = loadSnapshotState(saved, settings.key);
	if (state === undefined && settings.startFrom === undefined) {
		return { batch: [], state: snapshotBaseline(settings.key, records, source, source.matches), waiting: 0 };
	}
	return selectEntered(records, state ?? { version: 1, key: settings.key, reported: [] }, source, { matches: source.matches, max: settings.maxItems });
}

/** "Fetch Test Event": the newest real record, without touching the saved state. */
async function testEvent(context: IPollFunctions, source: EventSource, settings: PollSettings): Promise<IDataObject> {
	let newest: IDataObject | undefined;
	const isEvent = source.kind === 'timeline' ? source.emits : source.matches;
	if (source.kind === 'timeline' && !isEvent) {
		newest = await readNewest(source.list(context, undefined), source.order, source.timeOf);
	} else if (isEvent) {
		// Only some records are events: the whole list is read to find the newest of them.
		const read = source.kind === 'timeline' ? source.list(context, undefined) : source.list(context);
		const records = await readOrFail(context, source, read, { pageSize: source.pageSize, concurrency: settings.concurrency, sequential: false });
		newest = records.filter(isEvent).sort((a, b) => (source.timeOf(b) ?? 0) - (source.timeOf(a) ?? 0))[0];
	}
	if (newest === undefined) {
		throw new NodeOperationError(context.getNode(), `No ${source.noun} found in the seller account yet`, {
			description: 'Fetch Test Event shows the newest existing one. Once the workflow is published, each new one starts an execution.',
		});
	}
	return newest;
}

/**
 * One poll: read the event's list from the saved cursor, emit what is new (oldest first, at most Max
 * Items per Poll) and save the cursor just past what was emitted. Nothing is saved when the poll fails,
 * so the next one reads the same window again.
 */
export async function pollEvent(
	this: IPollFunctions,
	source: EventSource,
	settings: PollSettings,
): Promise<INodeExecutionData[][] | null> {
	if (this.getMode() === 'manual') return [this.helpers.returnJsonArray([await testEvent(this, source, settings)])];

	const lock = `${this.getWorkflow().id ?? ''}:${this.getNode().id ?? this.getNode().name}`;
	if (running.has(lock)) {
		this.logger.info('The previous poll is still running; this one is skipped', { node: this.getNode().name });
		return null;
	}
	running.add(lock);
	try {
		const staticData = this.getWorkflowStaticData('node');
		const saved = staticData[STATE_FIELD];
		const outcome =
			source.kind === 'timeline' ? await pollTimeline(this, source, saved, settings) : await pollSnapshot(this, source, saved, settings);
		if (JSON.stringify(outcome.state) !== JSON.stringify(saved)) staticData[STATE_FIELD] = outcome.state as unknown as IDataObject;
		if (outcome.waiting > 0) {
			this.logger.info(`${outcome.waiting} more new ${source.noun} follow on the next polls (Max Items per Poll)`, { node: this.getNode().name });
		}
		return outcome.batch.length ? [this.helpers.returnJsonArray(outcome.batch)] : null;
	} finally {
		running.delete(lock);
	}
}
