/**
 * Every answer of the sandbox carries its own clock in the `Date` header (RFC 9110), so that a client reading the
 * marketplace's time (the poll trigger's shipping deadlines) sees `advance` move it; both API versions and the
 * control API.
 */
import { startSandbox, type Sandbox } from '../../../sandbox';

let sandbox: Sandbox;

beforeAll(async () => {
	// the clock stands still unless advanced
	sandbox = await startSandbox({ timeScale: 1e-9 });
});
afterAll(async () => await sandbox.close());

const dateOf = async (url: string) => Date.parse((await fetch(url)).headers.get('date') ?? '');

it('dates each answer by the sandbox clock, which advance moves', async () => {
	const urls = [`${sandbox.baseUrl}/status/ping/`, `${sandbox.v2BaseUrl}/status/ping`, `${sandbox.controlUrl}/`];
	const clock = () => Math.floor(sandbox.control.now() / 1000) * 1000;
	for (const url of urls) expect(await dateOf(url)).toBe(clock());
	await sandbox.control.advance(4 * 3600);
	for (const url of urls) expect(await dateOf(url)).toBe(clock());
	expect(clock() - Date.now()).toBeGreaterThan(4 * 3600 * 1000 - 60_000);
});
