import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import type { TriggerDialect } from './dialect';
import { webhookOf } from './receiving/receive';
import { lifecycleMethods } from './subscribing/lifecycle';

/**
 * One version of the push trigger: its description, subscribing (webhookMethods: checkExists, create and delete
 * on activation and deactivation) and receiving (webhook), both driven by the version's dialect.
 */
export class PushTriggerVersion implements INodeType {
	readonly webhookMethods: INodeType['webhookMethods'];

	readonly webhook: NonNullable<INodeType['webhook']>;

	constructor(
		readonly description: INodeTypeDescription,
		dialect: TriggerDialect,
	) {
		this.webhookMethods = lifecycleMethods(dialect);
		this.webhook = webhookOf(dialect);
	}
}
