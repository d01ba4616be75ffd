/** Info → Get Locales (node version 2), through n8n-core against the v2 sandbox. */
import { useInfoSandbox } from './setup';

const { v2 } = useInfoSandbox();

describe('Info → Get Locales', () => {
	it('outputs one item per locale', async () => {
		const result = await v2.run({ operation: 'getLocales' });
		expect(v2.requests()[0]).toMatchObject({ method: 'GET', path: '/info/locale', status: 200 });
		expect(result.items.map((item) => item.json.locale)).toEqual([
			'de-DE',
			'cs-CZ',
			'sk-SK',
			'de-AT',
			'pl-PL',
			'fr-FR',
			'it-IT',
			'es-ES',
			'nl-NL',
		]);
	});
});
