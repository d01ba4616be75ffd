/**
 * The pickers of both node versions as n8n's editor sees them: every ID a seller picks is a resource locator whose
 * "From List" mode names a list search the node has and whose "By ID" mode is checked (with n8n's own parameter
 * check) exactly as the node checks the ID when it runs. A new operation with a plain ID field fails here.
 */
import type { INode, INodeProperties, INodePropertyMode, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ID_FORMATS, isPathId, parseWholeNumber } from '../../../nodes/shared/helpers/validation';
import { nodeTypes } from '../../harness/workflow';

const versions = nodeTypes().getByName('n8n-nodes-seller-marketplace.sellerMarketplace') as unknown as {
	nodeVersions: Record<number, INodeType>;
};

/**
 * IDs that stay plain fields, and why. Everything else named `…Id` that a form requires must be a locator.
 * (`…Ids` lists of several order units are typed, not picked.)
 */
const NOT_PICKED: Record<string, string> = {
	'1 attribute.get attributeId': 'API v1 has no list or search of attributes to pick from',
	'2 shippingGroup.get shippingGroupId': 'a dropdown of the few shipping groups of the storefront (getShippingGroups)',
	'2 unit.create offerId': 'the seller names a new offer here',
};

interface Field {
	version: number;
	where: string;
	property: INodeProperties;
}

function idFields(): Field[] {
	const fields: Field[] = [];
	for (const [version, type] of Object.entries(versions.nodeVersions)) {
		for (const property of type.description.properties) {
			if (!/Id$/.test(property.name) && property.type !== 'resourceLocator') continue;
			const show = property.displayOptions?.show ?? {};
			for (const resource of (show.resource as string[] | undefined) ?? ['']) {
				for (const operation of (show.operation as string[] | undefined) ?? ['']) {
					fields.push({ version: Number(version), where: `${resource}.${operation}`, property });
				}
			}
		}
	}
	return fields;
}

const mode = (property: INodeProperties, name: string) =>
	property.modes?.find((candidate) => candidate.name === name) as INodePropertyMode | undefined;

describe('every ID a seller picks is a resource locator', () => {
	const fields = idFields();

	it('finds the ID fields of both versions', () => {
		expect(fields.filter((field) => field.version === 1).length).toBeGreaterThan(30);
		expect(fields.filter((field) => field.version === 2).length).toBeGreaterThan(30);
	});

	it.each(fields.map((field) => [`${field.version} ${field.where} ${field.property.name}`, field] as const))(
		'%s',
		(key, { version, property }) => {
			// 1.1 and 2.1 have the fields of 1 and 2.
			if (NOT_PICKED[key.replace(/^(\d+)\.\d+ /, '$1 ')]) {
				expect(property.type).not.toBe('resourceLocator');
				return;
			}
			if (property.type !== 'resourceLocator') {
				expect(property.required).not.toBe(true);
				return;
			}
			const list = mode(property, 'list');
			const id = mode(property, 'id');
			expect(list?.type).toBe('list');
			const method = list?.typeOptions?.searchListMethod as string;
			const methods = versions.nodeVersions[version].methods?.listSearch ?? {};
			expect(typeof methods[method]).toBe('function');
			expect(id?.type).toBe('string');
			const [rule] = (id?.validation ?? []) as Array<{ type: string; properties: { regex: string } }>;
			expect(rule.type).toBe('regex');
			expect(Object.values(ID_FORMATS).map((format) => format.regex)).toContain(rule.properties.regex);
		},
	);

	it('Order Unit → Send of version 2 keeps the modes the browser test fills: list and id', () => {
		const send = fields.find(
			(field) => field.version === 2 && field.where === 'orderUnit.send' && field.property.name === 'orderUnitId',
		)!;
		expect(send.property.modes?.map((candidate) => candidate.name)).toEqual(['list', 'id']);
		expect(mode(send.property, 'list')?.typeOptions?.searchListMethod).toBe('searchOrderUnits');
	});
});

/** The issues n8n's editor shows for the field holding `value` typed in By ID mode (none when it passes). */
function editorIssues(version: number, parameters: Record<string, unknown>, field: string, value: string): string[] {
	const description = versions.nodeVersions[version].description as INodeTypeDescription;
	const node: INode = {
		id: '1',
		name: 'Seller Marketplace',
		type: 'n8n-nodes-seller-marketplace.sellerMarketplace',
		typeVersion: version,
		position: [0, 0],
		parameters: { ...parameters, [field]: { __rl: true, mode: 'id', value } } as INode['parameters'],
	};
	const issues = NodeHelpers.getNodeParametersIssues(description.properties, node, description);
	return issues?.parameters?.[field] ?? [];
}

/** The values a seller might type, the worst ones included. */
const TYPED = [
	'1',
	'0',
	'00',
	'007',
	'-1',
	'-0',
	'+5',
	'1e3',
	'0x10',
	'12.0',
	'1 2',
	' 42 ',
	'42\t',
	'\t42',
	'\n42\n',
	'\u00a042\u00a0',
	'9007199254740991',
	'9007199254740992',
	'09007199254740991',
	'8999999999999999',
	'99999999999999999',
	'1000000000000000',
	'١٢٣',
	'',
	' ',
	'.',
	'..',
	' .. ',
	'...',
	'.a',
	'a/b',
	'a\\b',
	'a\u0000b',
	'a\u007fb',
	'a\tb',
	'%2F',
	'?x',
	'#x',
	'M10033-2',
	'MB7UWLD',
	'a b',
	'ä',
	'001',
	'0011234567',
	' 0011234567 ',
	'0021234567',
	'0011234567a',
	'1234567',
];

const runtime = {
	integer: (value: string) => value.trim() !== '' && (parseWholeNumber(value.trim()) ?? 0) > 0,
	text: (value: string) => value.trim() !== '' && isPathId(value.trim()),
	ticket: (value: string) => value.trim() !== '' && isPathId(value.trim()) && /^001\d+$/.test(value.trim()),
};

describe('the By ID check of the form accepts exactly what the node accepts when it runs', () => {
	const cases: Array<[string, number, Record<string, unknown>, string, keyof typeof runtime]> = [
		['order unit (v2)', 2, { resource: 'orderUnit', operation: 'send' }, 'orderUnitId', 'integer'],
		['order (v2)', 2, { resource: 'order', operation: 'get' }, 'orderId', 'text'],
		['ticket (v2)', 2, { resource: 'ticket', operation: 'close' }, 'ticketId', 'ticket'],
		['unit (v1)', 1, { resource: 'unit', operation: 'get' }, 'unitId', 'integer'],
		['ticket (v1)', 1, { resource: 'ticket', operation: 'close' }, 'ticketId', 'text'],
	];

	it.each(cases)('%s', (_name, version, parameters, field, format) => {
		const disagreements = TYPED.filter(
			(value) => (editorIssues(version, parameters, field, value).length === 0) !== runtime[format](value),
		);
		expect(disagreements).toEqual([]);
		expect(
			editorIssues(version, parameters, field, 'a/b').concat(editorIssues(version, parameters, field, '-1')).length,
		).toBeGreaterThan(0);
	});

	it('an expression is left to the run', () => {
		expect(editorIssues(2, { resource: 'orderUnit', operation: 'send' }, 'orderUnitId', '={{ $json.id }}')).toEqual([]);
	});

	it('the largest whole number JavaScript keeps exactly is the largest ID accepted', () => {
		const accepts = (value: string) => new RegExp(`^${ID_FORMATS.integer.regex}$`).test(value);
		expect(accepts(String(Number.MAX_SAFE_INTEGER))).toBe(true);
		expect(accepts(String(Number.MAX_SAFE_INTEGER + 1))).toBe(false);
		for (let digits = 1; digits <= 16; digits++) {
			const value = `${'9'.repeat(digits)}`;
			expect([digits, accepts(value)]).toEqual([digits, Number(value) <= Number.MAX_SAFE_INTEGER]);
		}
	});
});
