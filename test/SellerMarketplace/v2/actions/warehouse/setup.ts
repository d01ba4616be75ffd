/**
 * Warehouse (node version 2): Get Many, Get, Create, Update and Delete through n8n-core against the v2 sandbox:
 * the request the sandbox received, the items output and the warehouses the sandbox holds afterwards.
 */
// What the tests of its operations (./<operation>.test.ts) share: one sandbox per test file and the helpers that read it.
import type { IDataObject } from 'n8n-workflow';
import { useSandboxV2 } from '../../setup';

export const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

export const FORM = {
	name: ' Lager Nord ',
	street: 'Hafenweg',
	houseNumber: '3a',
	postcode: '24103',
	city: 'Kiel',
	country: 'de',
	phone: '+49 431 55555',
};

export function useWarehouseSandbox() {
	const v2 = useSandboxV2({ orders: 10, strict: true }, 'warehouse');
	const db = () => v2.sandbox().control.db;
	const body = (index = 0) => JSON.parse(v2.requests()[index].body) as IDataObject;
	return { v2, db, body };
}
