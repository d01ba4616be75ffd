import './env';
import { runSellerNode } from '../test/harness/workflow';
import { SandboxProcess } from './sandbox-client';
import { measure } from './measure';
(async () => {
	const sb = new SandboxProcess();
	const N = Number(process.env.N ?? 30000);
	await sb.start(N);
	const c = Number(process.env.C ?? 1);
	for (let i = 0; i < 3; i++) {
		const m = await measure(() =>
			runSellerNode(sb.credentials, {
				parameters: {
					resource: 'orderUnit',
					operation: 'getMany',
					returnAll: true,
					requestOptions: { pageConcurrency: c },
				},
			}),
		);
		console.log(N, 'c', c, m.ms.toFixed(0), 'items', m.result.items.length);
	}
	await sb.close();
})();
