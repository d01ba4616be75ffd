/**
 * Shipping Label (node version 2): Create (POST /shipping-labels, then the PDF from its download address into a
 * binary field) through n8n-core against the v2 sandbox: the signed request, the item output and its PDF, the
 * labels the sandbox holds, bad input refused before sending, and a label bought whose PDF did not arrive.
 */
import type { IDataObject } from 'n8n-workflow';

import type { OrderUnit } from '../../../../../sandbox';
import { labelPdf, shippingState } from '../../../../../sandbox/model/shipping';
import { expectSigned, useSandboxV2 } from '../../setup';

const v2 = useSandboxV2({ orders: 40, strict: true }, 'shippingLabel');

const db = () => v2.sandbox().control.db;
const waitingUnits = (): OrderUnit[] =>
	db().orderUnits.filter(
		(unit) =>
			!unit._fulfilled_by_marketplace && (unit._storefront ?? 'de') === 'de' && unit.status === 'need_to_be_sent',
	);
const labels = () => shippingState(db()).labels;
const parcel = { weightGram: 1500, lengthCm: 30, widthCm: 20, heightCm: 10 };

/** Every object's offset in the cross-reference table points at that object: the PDF is well-formed. */
function expectWellFormedPdf(pdf: Buffer): void {
	const text = pdf.toString('latin1');
	expect(text.startsWith('%PDF-1.4\n')).toBe(true);
	expect(text.endsWith('%%EOF\n')).toBe(true);
	const xref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
	expect(text.slice(xref, xref + 4)).toBe('xref');
	const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
	expect(offsets.length).toBeGreaterThan(0);
	offsets.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
}

describe('Shipping Label → Create', () => {
	it('buys a label for the order units of one parcel; the PDF lands in the binary field, the download address stays out', async () => {
		const [unit] = waitingUnits();
		const run = await v2.run({
			operation: 'create',
			orderUnitIds: `${unit.id_order_unit}`,
			...parcel,
			binaryPropertyName: 'label',
		});
		expect(run.error).toBeUndefined();
		const [request] = v2.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: '/shipping-labels',
			operationId: 'CreateShippingLabel',
			status: 201,
		});
		expectSigned(request, v2.credentials());
		expect(JSON.parse(request.body) as IDataObject).toEqual({
			ids_order_units: [unit.id_order_unit],
			carriers: ['GLS'],
			package_measurements: { weight_gram: 1500, length_cm: 30, width_cm: 20, height_cm: 10 },
		});
		const [stored] = labels();
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toEqual({
			id: stored.id,
			tracking_number: stored.tracking_number,
			carrier: 'GLS',
			ids_order_units: [unit.id_order_unit],
		});
		const binary = run.items[0].binary!.label;
		expect(binary).toMatchObject({ fileName: `label-${stored.tracking_number}.pdf`, mimeType: 'application/pdf' });
		const pdf = Buffer.from(binary.data, 'base64');
		expectWellFormedPdf(pdf);
		expect(pdf.toString('latin1')).toContain(`(GLS ${stored.tracking_number})`);
		expect(JSON.stringify(run.items[0].json)).not.toContain('access_token');
	});

	it('Include Download Link outputs the address next to the PDF', async () => {
		const [unit] = waitingUnits();
		const run = await v2.run({
			operation: 'create',
			orderUnitIds: String(unit.id_order_unit),
			...parcel,
			options: { includeDownloadLinks: true },
		});
		expect(run.error).toBeUndefined();
		expect(run.items[0].json.download_url).toMatch(/\/shipping-label-files\/[0-9a-f-]+\?access_token=/);
		expect(Object.keys(run.items[0].binary!)).toEqual(['data']);
	});

	it('a second label for the same unit is refused by the marketplace and not bought', async () => {
		const [unit] = waitingUnits();
		expect(
			(await v2.run({ operation: 'create', orderUnitIds: String(unit.id_order_unit), ...parcel })).error,
		).toBeUndefined();
		const again = await v2.run({ operation: 'create', orderUnitIds: String(unit.id_order_unit), ...parcel });
		expect(again.error?.message).toContain('has a shipping label already');
		expect(labels()).toHaveLength(1);
	});

	it('units of two orders in one parcel: the marketplace names the field by its label', async () => {
		const units = waitingUnits();
		const other = units.find((unit) => unit.id_order !== units[0].id_order)!;
		const run = await v2.run({
			operation: 'create',
			orderUnitIds: `${units[0].id_order_unit}, ${other.id_order_unit}`,
			...parcel,
		});
		expect(v2.requests()[0]).toMatchObject({ status: 422 });
		expect(run.error?.message).toBe(
			'Could not create a shipping label: "Order Unit IDs" (ids_order_units): must be order units of one order',
		);
		expect(labels()).toEqual([]);
	});

	it.each([
		[
			'no order unit',
			{ orderUnitIds: ' , ' },
			'"Order Unit IDs" is required: give at least one ID, e.g. 12345 or 12345, 12346 [item 1]',
		],
		[
			'an order unit ID with a path in it',
			{ orderUnitIds: '12/../3' },
			'"Order Unit IDs" must be positive whole numbers separated by commas, but "12/../3" is not [item 1]',
		],
		[
			'a weight of 0',
			{ weightGram: 0 },
			'"Weight (in Grams)" must be a whole number of at least 1, but it is 0 [item 1]',
		],
		[
			'a length in text that is not a whole number',
			{ lengthCm: '1e2' },
			'"Length (in cm)" must be a whole number of at least 1, but it is "1e2" [item 1]',
		],
		[
			'a carrier the marketplace does not sell',
			{ carriers: ['DHL'] },
			'"Carriers" has an unknown value "DHL" [item 1]',
		],
	])('refuses %s before sending, naming the field and the item', async (_, bad, message) => {
		const [first, second] = waitingUnits();
		const good = { orderUnitIds: String(first.id_order_unit), ...parcel, carriers: ['GLS'] };
		const run = await v2.run(
			{
				operation: 'create',
				orderUnitIds: '={{ $json.orderUnitIds }}',
				weightGram: '={{ $json.weightGram }}',
				lengthCm: '={{ $json.lengthCm }}',
				widthCm: '={{ $json.widthCm }}',
				heightCm: '={{ $json.heightCm }}',
				carriers: '={{ $json.carriers }}',
			},
			{ items: [{ json: good }, { json: { ...good, orderUnitIds: String(second.id_order_unit), ...bad } }] },
		);
		expect(run.error?.message).toBe(message);
		// every item is checked before the first label is bought
		expect(v2.requests()).toHaveLength(0);
		expect(labels()).toHaveLength(0);
	});

	it('buys one label per item in order; when one is refused, the next is not bought and the error names the item already bought', async () => {
		const [first, , third] = waitingUnits();
		const run = await v2.run(
			{ operation: 'create', orderUnitIds: '={{ $json.units }}', ...parcel },
			{
				items: [
					{ json: { units: String(first.id_order_unit) } },
					{ json: { units: String(first.id_order_unit) } },
					{ json: { units: String(third.id_order_unit) } },
				],
			},
		);
		expect(v2.requests().map((request) => request.status)).toEqual([201, 403]);
		expect(run.error?.message).toBe(
			`Could not create a shipping label: order unit ${first.id_order_unit} has a shipping label already`,
		);
		expect(run.error?.description).toContain('Sent in the same run and applied (not undone): item 0.');
		expect(labels().map((label) => label.ids_order_units)).toEqual([[first.id_order_unit]]);
	});

	it('with Continue On Fail, each item gets its label or its error', async () => {
		const [first, , third] = waitingUnits();
		const run = await v2.run(
			{ operation: 'create', orderUnitIds: '={{ $json.units }}', ...parcel },
			{
				items: [
					{ json: { units: String(first.id_order_unit) } },
					{ json: { units: String(first.id_order_unit) } },
					{ json: { units: String(third.id_order_unit) } },
				],
				continueOnFail: true,
			},
		);
		expect(run.error).toBeUndefined();
		expect(
			run.items.map((item) => [
				item.json.tracking_number !== undefined,
				Object.keys(item.binary ?? {}),
				typeof item.json.error,
			]),
		).toEqual([
			[true, ['data'], 'undefined'],
			[false, [], 'string'],
			[true, ['data'], 'undefined'],
		]);
		expect(labels()).toHaveLength(2);
	});

	it('is never sent twice: after a 500 it stops and says the label may have been bought', async () => {
		v2.sandbox().control.addFault({ method: 'POST', path: '/v2/shipping-labels', kind: 'status', status: 500 });
		const run = await v2.run({ operation: 'create', orderUnitIds: String(waitingUnits()[0].id_order_unit), ...parcel });
		expect(v2.requests()).toHaveLength(1);
		expect(run.error?.message).toBe(
			'The request to create a shipping label may or may not have been applied: the marketplace had a server error (500)',
		);
		expect(run.error?.description).toContain('a second run buys a second label');
	});

	it('a label bought whose PDF cannot be downloaded: the error names the label and its tracking number, and says not to run again', async () => {
		v2.sandbox().control.addFault({ method: 'GET', path: '/shipping-label-files/*', kind: 'status', status: 404 });
		const run = await v2.run({ operation: 'create', orderUnitIds: String(waitingUnits()[0].id_order_unit), ...parcel });
		const [stored] = labels();
		expect(run.error?.message).toMatch(
			new RegExp(
				`^Shipping label ${stored.id} was created \\(GLS tracking number ${stored.tracking_number}\\), but its PDF could not be downloaded: `,
			),
		);
		expect(run.error?.description).toContain('Do not run this item again: that buys another label.');
		expect(JSON.stringify(run.error)).not.toContain(stored._access_token);
	});

	it('a label bought whose PDF download answers 503: it says the label was bought and where its PDF is, never to try again', async () => {
		v2.sandbox().control.addFault({ method: 'GET', path: '/shipping-label-files/*', kind: 'status', status: 503 });
		const run = await v2.run({
			operation: 'create',
			orderUnitIds: String(waitingUnits()[0].id_order_unit),
			...parcel,
			requestOptions: { maxRetries: 0 },
		});
		expect(labels()).toHaveLength(1);
		expect(v2.requests().filter((request) => request.method === 'POST')).toHaveLength(1);
		expect(run.error?.message).toContain('was created (GLS tracking number');
		expect(run.error?.description).toBe(
			'The label was bought. Get its PDF in the Seller Portal, with the order units of this label.<br>Do not run this item again: that buys another label.',
		);
		expect(`${run.error?.message} ${run.error?.description}`).not.toMatch(/try again|retry/i);
	});
});

describe('the sandbox label PDF', () => {
	it('is well-formed, escapes PDF string syntax and keeps to printable ASCII', () => {
		const pdf = labelPdf(['GLS (1) \\ x', 'Grüße']);
		expectWellFormedPdf(pdf);
		expect(pdf.toString('latin1')).toContain('(GLS \\(1\\) \\\\ x)');
		expect(pdf.toString('latin1')).toContain('(Gr??e)');
	});
});
