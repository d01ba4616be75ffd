import { defineResource } from '../../../actions/define';
import { getLocales } from './getLocales.operation';
import { getStorefronts } from './getStorefronts.operation';
import { getVatRates } from './getVatRates.operation';
import { lookupCommissionRates } from './lookupCommissionRates.operation';

export const info = defineResource({
	value: 'info',
	name: 'Info',
	defaultOperation: 'getVatRates',
	operations: [getLocales, getStorefronts, getVatRates, lookupCommissionRates],
});
