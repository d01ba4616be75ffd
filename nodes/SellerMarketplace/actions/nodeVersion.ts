import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeBaseDescription,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { operationSubtitle } from '../../shared/descriptions/words';
import type { Actions } from './define';
import { router } from './router';

/**
 * One version of the action node, built the same way for every API version from that version's actions: its form,
 * the credentials it signs with, its pickers and dropdowns, and its runs through the router.
 */
export class ActionNodeVersion<Methods extends NonNullable<INodeType['methods']>> {
	description: INodeTypeDescription;

	methods: Methods;

	/** n8n calls it with the run's functions as `this`, so the actions are held by the closure, not the instance. */
	execute: (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

	constructor(
		baseDescription: INodeTypeBaseDescription,
		version: number,
		api: { actions: Actions; credentials: string; methods: Methods },
	) {
		const properties = api.actions.properties(version);
		this.description = {
			...baseDescription,
			version,
			subtitle: operationSubtitle(properties),
			defaults: { name: 'Seller Marketplace' },
			usableAsTool: true,
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: api.credentials, required: true }],
			properties,
		};
		this.methods = api.methods;
		this.execute = async function (this: IExecuteFunctions) {
			return await router.call(this, api.actions);
		};
	}
}
