/**
 * The e2e runner's n8n commands (e2e/lib/n8n.ts) say how they ended: an exit code, or the signal that killed
 * them and whether it was the runner's own time budget. "n8n execute failed (exit null)" said neither. The
 * "n8n" here is a stand-in script run by the real runner code.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { N8n } from '../../e2e/lib/n8n';

function n8nRunning(script: string): N8n {
	const dir = mkdtempSync(join(tmpdir(), 'e2e-runner-'));
	const modules = join(dir, 'node_modules');
	mkdirSync(join(modules, 'bcryptjs'), { recursive: true });
	writeFileSync(join(modules, 'bcryptjs', 'index.js'), 'module.exports = { hashSync: () => "hash" };\n');
	writeFileSync(join(dir, 'n8n.js'), script);
	return new N8n({
		runtime: { dir, node: process.execPath, n8nBin: join(dir, 'n8n.js'), modules, n8nVersion: 'stand-in' },
		userFolder: join(dir, 'user'),
	});
}

it('a command that ran past its time budget says it was killed by SIGKILL for that', async () => {
	const n8n = n8nRunning('setInterval(() => {}, 1000);\n');
	const result = await n8n.cli(['execute', '--id=x'], { timeoutMs: 1000 });
	expect([result.code, result.signal]).toEqual([null, 'SIGKILL']);
	expect(result.exit).toBe('killed by SIGKILL after its time budget of 1 s ran out');
});

it('a command killed from outside says which signal killed it', async () => {
	const n8n = n8nRunning('process.kill(process.pid, "SIGTERM"); setInterval(() => {}, 1000);\n');
	const result = await n8n.execute('x');
	expect(result.exit).toBe('killed by SIGTERM');
	await expect(n8n.importWorkflows([])).rejects.toThrow(
		/^n8n import:workflow --separate --input=\S+ failed \(killed by SIGTERM, after \d+ s\):/,
	);
});

it('a command that exits says its exit code', async () => {
	const n8n = n8nRunning('console.error("no such workflow"); process.exit(3);\n');
	const result = await n8n.execute('x');
	expect([result.code, result.exit]).toEqual([3, 'exit 3']);
	expect(result.output).toContain('no such workflow');
});
