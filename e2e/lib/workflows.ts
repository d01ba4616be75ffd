/**
 * Building workflow JSON the way the editor saves it, for the node types of the installed package.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import type { CredentialFile, PostgresDatabase, WorkflowFile } from './n8n';
import { PACKAGE_NAME, REPO_ROOT } from './runtime';

export const ACTION_TYPE = `${PACKAGE_NAME}.sellerMarketplace`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.sellerMarketplaceTrigger`;
export const CREDENTIAL_TYPE = 'sellerMarketplaceApi';

/** The credential the example workflows refer to (import it under this id and the examples just work). */
export const EXAMPLE_CREDENTIAL = { id: 'sellerMarketSbx1', name: 'Seller Marketplace sandbox' };

export function sandboxCredential(
	sandbox: { clientKey: string; secretKey: string; baseUrl: string },
	ref: { id: string; name: string } = EXAMPLE_CREDENTIAL,
): CredentialFile {
	return {
		id: ref.id,
		name: ref.name,
		type: CREDENTIAL_TYPE,
		data: { clientKey: sandbox.clientKey, secretKey: sandbox.secretKey, baseUrl: sandbox.baseUrl },
	};
}

export interface NodeJson {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
	[key: string]: unknown;
}

let nodeSeq = 0;
function nodeId(): string {
	nodeSeq += 1;
	return `00000000-0000-4000-8000-${String(nodeSeq).padStart(12, '0')}`;
}

export function manualTrigger(name = 'Start'): NodeJson {
	return { id: nodeId(), name, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
}

export function sellerNode(
	name: string,
	parameters: Record<string, unknown>,
	credential = EXAMPLE_CREDENTIAL,
): NodeJson {
	return {
		id: nodeId(),
		name,
		type: ACTION_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } },
	};
}

export function codeNode(name: string, jsCode: string): NodeJson {
	return { id: nodeId(), name, type: 'n8n-nodes-base.code', typeVersion: 2, position: [0, 0], parameters: { jsCode } };
}

/** A straight line of nodes: each one's main output into the next one's input. */
export function chain(id: string, name: string, nodes: NodeJson[], extra: Partial<WorkflowFile> = {}): WorkflowFile {
	const connections: Record<string, unknown> = {};
	nodes.forEach((node, index) => {
		node.position = [index * 220, 0];
		const next = nodes[index + 1];
		if (next) connections[node.name] = { main: [[{ node: next.name, type: 'main', index: 0 }]] };
	});
	return { id, name, active: false, nodes, connections, settings: { executionOrder: 'v1' }, ...extra };
}

/** `Start → <node>`: one Seller Marketplace operation run by `n8n execute`. */
export function operationWorkflow(id: string, nodeName: string, parameters: Record<string, unknown>): WorkflowFile {
	return chain(id, `e2e: ${nodeName}`, [manualTrigger(), sellerNode(nodeName, parameters)]);
}

export interface Example {
	file: string;
	workflow: WorkflowFile;
}

/** The credential of API v2 the e2e runs and the demo import; the templates get it on import (they carry none). */
export const EXAMPLE_CREDENTIAL_V2 = { id: 'sellerMarketV2S1', name: 'Seller Marketplace V2 sandbox' };
const OWN_NODE_TYPES = new Set([
	ACTION_TYPE,
	`${ACTION_TYPE}Tool`,
	TRIGGER_TYPE,
	`${PACKAGE_NAME}.sellerMarketplacePollTrigger`,
]);

/**
 * A workflow whose Seller Marketplace nodes without a credential get the sandbox's (version 1 nodes the API v1
 * credential, version 2 nodes the API v2 one), as a seller picks theirs after importing a template.
 */
export function withSandboxCredentials(workflow: WorkflowFile): WorkflowFile {
	const copy = JSON.parse(JSON.stringify(workflow)) as WorkflowFile;
	for (const node of copy.nodes as NodeJson[]) {
		if (!OWN_NODE_TYPES.has(node.type) || node.credentials) continue;
		node.credentials =
			node.typeVersion >= 2
				? { sellerMarketplaceV2Api: { ...EXAMPLE_CREDENTIAL_V2 } }
				: { [CREDENTIAL_TYPE]: { ...EXAMPLE_CREDENTIAL } };
	}
	return copy;
}

/** Every examples/*.json (the templates) and examples/v1/*.json, as committed: `file` is the path under examples/. */
export function readExamples(): Example[] {
	const dir = join(REPO_ROOT, 'examples');
	const list = (sub: string) => {
		try {
			return readdirSync(join(dir, sub))
				.filter((f) => f.endsWith('.json'))
				.sort()
				.map((f) => (sub ? `${sub}/${f}` : f));
		} catch {
			return [];
		}
	};
	return [...list(''), ...list('v1')].map((file) => ({
		file,
		workflow: JSON.parse(readFileSync(join(dir, file), 'utf8')) as WorkflowFile,
	}));
}

/** The examples as the e2e runs and the demo import them: with the sandbox credentials attached. */
export function loadExamples(): Example[] {
	return readExamples().map(({ file, workflow }) => ({ file, workflow: withSandboxCredentials(workflow) }));
}

/** Copy of a workflow in which every node of the given type is replaced by a Manual Trigger (to run it with `n8n execute`). */
export function withManualStart(workflow: WorkflowFile, id: string, replaceTypes: string[]): WorkflowFile {
	const copy = JSON.parse(JSON.stringify(workflow)) as WorkflowFile;
	copy.id = id;
	copy.name = `${workflow.name} (run by e2e)`;
	copy.nodes = (copy.nodes as NodeJson[]).map((node) =>
		replaceTypes.includes(node.type)
			? {
					id: node.id,
					name: node.name,
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: node.position,
					parameters: {},
				}
			: node,
	);
	return copy;
}

// ------------------------------------------------------------------------------------------------
// remembering deliveries in PostgreSQL: atomic across n8n's processes (queue mode)

/** Each id_message can be entered once: the primary key decides, in one statement, for every n8n process. */
export const DELIVERIES_TABLE_SQL =
	'CREATE TABLE IF NOT EXISTS seller_marketplace_deliveries (id_message text PRIMARY KEY, received_at timestamptz NOT NULL DEFAULT now())';

export const POSTGRES_CREDENTIAL = { id: 'e2ePostgresDeliv', name: 'Deliveries database' };

/** A credential of n8n's Postgres node for `database` (loopback, no TLS). */
export function postgresCredential(
	database: PostgresDatabase,
	ref: { id: string; name: string } = POSTGRES_CREDENTIAL,
): CredentialFile {
	return {
		...ref,
		type: 'postgres',
		data: {
			host: database.host,
			port: database.port,
			database: database.database,
			user: database.user,
			password: database.password,
			ssl: 'disable',
		},
	};
}

/**
 * n8n's Postgres node entering the incoming item's id_message into seller_marketplace_deliveries: it outputs
 * `{ id_message }` the first time and nothing for a repeat, so the nodes after it run once per notification.
 */
export function rememberDeliveryNode(name: string): NodeJson {
	return {
		id: nodeId(),
		name,
		type: 'n8n-nodes-base.postgres',
		typeVersion: 2.6,
		position: [0, 0],
		parameters: {
			operation: 'executeQuery',
			query:
				'WITH taken AS (INSERT INTO seller_marketplace_deliveries (id_message) VALUES ($1) ON CONFLICT (id_message) DO NOTHING RETURNING id_message) SELECT id_message FROM taken',
			options: { queryReplacement: '={{ [$json.id_message] }}' },
		},
		credentials: { postgres: { ...POSTGRES_CREDENTIAL } },
	};
}
