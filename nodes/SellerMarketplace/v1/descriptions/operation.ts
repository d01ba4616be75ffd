import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** The Operation dropdown of one resource. Each option carries the `action` label n8n shows in the node list. */
export function operationSelector(resource: string, options: INodePropertyOptions[], defaultOperation?: string): INodeProperties {
	const property: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: [...options].sort((a, b) => a.name.localeCompare(b.name)),
		default: '',
	};
	property.default = defaultOperation ?? String(options[0]?.value ?? '');
	return property;
}
