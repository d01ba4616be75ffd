/** Returns: the state rules API v1 and v2 both apply when an order unit is returned. */
import type { SandboxCore } from '../core/sandbox-core';
import type { OrderUnit, ReturnRecord, ReturnUnit } from '../core/types';

/** The statuses of an order unit that can be returned. */
export const RETURNABLE = ['sent', 'received', 'sent_and_autopaid'];

/** The return an order unit is part of, if any. */
export function returnOf(core: SandboxCore, unit: OrderUnit): ReturnUnit | undefined {
	return core.store.db.returnUnits.find((r) => r.id_order_unit === unit.id_order_unit);
}

export interface ReturnLine {
	unit: OrderUnit;
	reason: string;
	note: string;
}

/** Adds return units to a return: `need_to_be_returned`, each with its reason and note. */
export function addReturnUnits(core: SandboxCore, record: ReturnRecord, lines: ReturnLine[]): void {
	for (const { unit, reason, note } of lines) {
		core.store.insert('returnUnits', {
			id_return_unit: core.store.nextId('returnUnits'),
			id_return: record.id_return,
			id_order_unit: unit.id_order_unit,
			ts_created: record.ts_updated,
			status: 'need_to_be_returned',
			note,
			reason,
			_id_claim: null,
		});
	}
}

/** A new return (`return_requested`, with a DHL return parcel) of checked order units of one order; emits return_new. */
export function openReturn(core: SandboxCore, lines: ReturnLine[]): ReturnRecord {
	const id = core.store.nextId('returns');
	const now = core.timestamp();
	const record = core.store.insert('returns', {
		id_return: id,
		ts_created: now,
		ts_updated: now,
		tracking_provider: 'DHL',
		tracking_code: `JJD00${990000 + id}`,
		status: 'return_requested',
		_id_buyer: lines[0].unit.buyer.id_buyer,
		_reason: lines[0].reason,
		_note: lines[0].note,
	});
	addReturnUnits(core, record, lines);
	core.notifier.emit('return_new', `/returns/${id}/`);
	return record;
}
