import { apiRequestDataList } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';

/** GET /info/locale: the values the `locale` of product data takes, one output item each. */
export const getLocales = defineOperation({
	value: 'getLocales',
	name: 'Get Locales',
	action: 'Get the locales',
	attempt: 'get the locales',
	summary: 'List the languages product data can be written in (e.g. de-DE)',
	endpoint: 'GET /info/locale',
	properties: [],
	async execute(itemIndex) {
		const values = await apiRequestDataList.call(this, { method: 'GET', path: '/info/locale', itemIndex });
		return values.map((locale) => ({ locale: String(locale) }));
	},
});
