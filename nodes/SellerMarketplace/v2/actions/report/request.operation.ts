import type { IDataObject } from 'n8n-workflow';

import { bounded, inputError, requireIntegerId } from '../../../../shared/helpers/validation';
import { collectionField, idLocator } from '../../descriptions/fields';
import { requiredStorefront, storefrontField } from '../../../../api/v2/storefront';
import { BOOKINGS_REPORT_VERSIONS, CANCELLATION_TYPES, toOptions } from '../../../../api/v2/enums';
import { has } from '../../helpers/values';
import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { DATE_RANGE_REPORTS, REPORT_TYPES, reportDate, reportType, STOREFRONTLESS_REPORTS } from './fields';

const showFor = (types: string[]) => ({ displayOptions: { show: { reportType: types } } });
/** The same inside the Options collection, whose display rules name the top-level field by its root path. */
const optionFor = (types: string[]) => ({ displayOptions: { show: { '/reportType': types } } });

/**
 * POST /reports/<type>: queues a CSV report (202). The marketplace generates it after a while; Report → Get shows
 * when it is `done`, Report → Download fetches the file.
 */
export const request = defineOperation({
	value: 'request',
	name: 'Request',
	action: 'Request a report',
	attempt: ['request a report for import file {importFileId}', 'request a report'],
	summary: 'Queue a CSV report; it is ready after a while (see Get or Download)',
	// The deprecated eans-not-found report is left out, so that the operation is not marked deprecated for one of its types.
	endpoint: REPORT_TYPES.filter(({ value }) => value !== 'eans-not-found').map(
		({ value }) => `POST /reports/${value}` as const,
	),
	properties: [
		{
			displayName: 'Report Type',
			name: 'reportType',
			type: 'options',
			options: REPORT_TYPES.map(({ name, value, description }) => ({ name, value, description })),
			default: 'account-listing',
			required: true,
			description: 'Which report to generate',
		},
		{ ...storefrontField, displayOptions: { hide: { reportType: STOREFRONTLESS_REPORTS } } },
		bounded(
			{
				displayName: 'Date From',
				name: 'dateFrom',
				type: 'dateTime',
				default: '',
				required: true,
				description: 'First day to include (only the date counts)',
				...showFor(DATE_RANGE_REPORTS),
			},
			{ fills: ['date_from'], date: 'date' },
		),
		bounded(
			{
				displayName: 'Date To',
				name: 'dateTo',
				type: 'dateTime',
				default: '',
				required: true,
				description: 'Last day to include (only the date counts)',
				...showFor(DATE_RANGE_REPORTS),
			},
			{ fills: ['date_to'], date: 'date' },
		),
		{
			...idLocator({
				displayName: 'Import File',
				name: 'importFileId',
				searchListMethod: 'searchImportFiles',
				placeholder: 'e.g. 123456',
				description: 'The product data import file whose errors to list, picked from the newest or given by its ID',
			}),
			...showFor(['product-data-import-file-errors']),
		},
		collectionField('Options', 'options', [
			{
				displayName: 'Cancellation Type',
				name: 'cancellationType',
				type: 'options',
				options: toOptions(CANCELLATION_TYPES, { seller_related: 'Only Those You Caused (Seller Related)' }),
				default: 'all',
				description: 'Which cancellations to include. Not set: all.',
				...optionFor(['cancellations']),
			},
			{
				displayName: 'Bookings Format Version',
				name: 'version',
				type: 'options',
				options: toOptions(BOOKINGS_REPORT_VERSIONS, { v2: 'Version 2 (Newer Format)' }),
				default: 'v2',
				description: 'The format of the bookings file. Not set: the original format.',
				...optionFor(['bookings-new']),
			},
		]),
	],
	async execute(itemIndex) {
		const type = reportType(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const query: IDataObject = {};
		let body: IDataObject | undefined;
		if (type.storefront) query.storefront = await requiredStorefront(this, itemIndex);
		if (DATE_RANGE_REPORTS.includes(type.value)) {
			body = {
				date_from: reportDate(this, 'dateFrom', itemIndex, 'Date From'),
				date_to: reportDate(this, 'dateTo', itemIndex, 'Date To'),
			};
			if (body.date_from! > body.date_to!) {
				throw inputError(
					this,
					itemIndex,
					`"Date From" (${String(body.date_from)}) must not be after "Date To" (${String(body.date_to)})`,
				);
			}
		}
		if (type.value === 'product-data-import-file-errors') {
			body = { id_file_import: requireIntegerId(this, 'importFileId', itemIndex, 'Import File') };
		}
		if (type.value === 'cancellations' && has(options, 'cancellationType'))
			query.cancellation_type = String(options.cancellationType);
		if (type.value === 'bookings-new' && has(options, 'version')) query.version = String(options.version);
		return await apiRequestData.call(this, {
			method: 'POST',
			path: `/reports/${type.value}`,
			query,
			body,
			itemIndex,
			fieldLabels: {
				date_from: 'Date From',
				date_to: 'Date To',
				id_file_import: 'Import File',
				storefront: 'Storefront',
				cancellation_type: 'Cancellation Type',
				version: 'Bookings Format Version',
			},
			uncertainWrite: {
				subject: 'the report request',
				check: 'Report → Get Many lists the report if it was requested',
			},
		});
	},
});
