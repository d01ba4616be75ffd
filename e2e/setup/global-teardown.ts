import { handles } from './handles';

export default async function globalTeardown(): Promise<void> {
	await handles.n8n?.stop();
	await handles.sandbox?.close();
	if (handles.n8n)
		process.stderr.write(`[e2e] n8n stopped; its user folder and log stay in ${handles.n8n.userFolder}\n`);
}
