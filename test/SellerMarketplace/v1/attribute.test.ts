/** Category Attribute: Get, run through n8n-core against the sandbox. */
import type { Sandbox } from '../../../sandbox';
import { startStrictSandbox } from '../../harness/sandbox';
import { runSellerNode, type SellerCredentials } from '../../harness/workflow';

let sandbox: Sandbox;
let credentials: SellerCredentials;

beforeAll(async () => {
	sandbox = await startStrictSandbox();
	credentials = { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl };
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.control.reset());

const requests = () => sandbox.control.requests();

describe('Category Attribute → Get', () => {
	it('reads one attribute, one output item per input item', async () => {
		const [first, second] = sandbox.control.db.attributes.filter(
			(attribute) => attribute.name === 'picture' || attribute.name === 'title',
		);

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'attribute', operation: 'get', attributeId: '={{ $json.id }}' },
			items: [{ json: { id: first.id_attribute } }, { json: { id: String(second.id_attribute) } }],
		});

		expect(run.error).toBeUndefined();
		expect(
			requests().map(({ method, path, query, body, signatureValid, status }) => ({
				method,
				path,
				query,
				body,
				signatureValid,
				status,
			})),
		).toEqual([
			{
				method: 'GET',
				path: `/attributes/${first.id_attribute}/`,
				query: {},
				body: '',
				signatureValid: true,
				status: 200,
			},
			{
				method: 'GET',
				path: `/attributes/${second.id_attribute}/`,
				query: {},
				body: '',
				signatureValid: true,
				status: 200,
			},
		]);
		expect(run.items.map((item) => item.json)).toEqual([{ ...first }, { ...second }]);
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('reports an attribute that does not exist (404) by its ID', async () => {
		const missing = Math.max(...sandbox.control.db.attributes.map((attribute) => attribute.id_attribute)) + 1;

		const run = await runSellerNode(credentials, {
			parameters: { resource: 'attribute', operation: 'get', attributeId: String(missing) },
		});

		expect(requests()).toHaveLength(1);
		expect(requests()[0]).toMatchObject({ path: `/attributes/${missing}/`, signatureValid: true, status: 404 });
		expect(run.error?.message).toBe(`Could not get category attribute ${missing}: it was not found`);
	});

	it.each([['title'], ['-3'], ['1.5']])(
		'refuses the attribute ID "%s" before sending anything',
		async (attributeId) => {
			const run = await runSellerNode(credentials, {
				parameters: { resource: 'attribute', operation: 'get', attributeId },
			});

			expect(run.error?.message).toBe(
				`"Attribute ID" must be a positive whole number, but it is "${attributeId}" [item 0]`,
			);
			expect(requests()).toHaveLength(0);
		},
	);
});
