/**
 * What the package does, in the words n8n's node panel shows. The panel lists the action node and the push
 * trigger as one app, "Seller Marketplace" (a trigger whose type name is the action's plus "Trigger" is merged
 * into it), and shows the trigger's description for both; so the trigger's description starts with this too.
 */
export const ACTION_NODE_DESCRIPTION =
	'Manage orders, shipping, offers, product data, returns and tickets of a marketplace seller account';

export const PUSH_TRIGGER_DESCRIPTION = `${ACTION_NODE_DESCRIPTION}, and start workflows on its push notifications`;
