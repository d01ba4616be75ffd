import type { IDataObject } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../../shared/descriptions/fields';
import { bounded, compact, lineOfText, requireIntegerId, requireString } from '../../../../shared/helpers/validation';
import { collectionField, textField } from '../../descriptions/fields';
import { readGetMany } from '../../helpers/getMany';
import { optionalText } from '../../helpers/values';
import { apiPath } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { SHARED_SET_FIELD_LABELS, sharedSetAttributeField, sharedSetLocaleField } from './fields';
import { pageSizeOf } from '../../helpers/pageSizes';

/** GET /attributes/{id_attribute}/shared-set?locale=: the values an attribute takes, optionally searched; 100 a page. */
export const getSharedSetValues = defineOperation({
	value: 'getSharedSetValues',
	name: 'Get Shared Set Values',
	action: 'Get the shared set values of an attribute',
	attempt: ['get the shared set values of attribute {attributeId}', 'get the shared set values of an attribute'],
	summary: 'List or search the values an attribute with a shared set accepts, e.g. the known manufacturers',
	endpoint: 'GET /attributes/{id_attribute}/shared-set',
	properties: [
		sharedSetAttributeField,
		sharedSetLocaleField,
		...returnAllOrLimit(),
		collectionField(
			'Filters',
			'filters',
			[
				bounded(
					textField('Search Text', 'q', 'Only values whose label contains this text, e.g. Braun'),
					lineOfText('q'),
				),
			],
			'Add Filter',
		),
	],
	async execute(itemIndex) {
		const path = apiPath`/attributes/${requireIntegerId(this, 'attributeId', itemIndex, 'Attribute')}/shared-set`;
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const query = compact({ locale: requireString(this, 'locale', itemIndex, 'Language'), q: optionalText(filters.q) });
		return await readGetMany(this, itemIndex, {
			path,
			query,
			pageSize: pageSizeOf('/attributes/{id_attribute}/shared-set'),
			idField: 'value',
			fieldLabels: SHARED_SET_FIELD_LABELS,
		});
	},
});
