import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { binaryOutputField } from '../../../../shared/descriptions/fields';
import { includeDownloadLinksOption } from '../../../../shared/helpers/output';
import { OperationFailure } from '../../../../api/core/errors';
import { bounded, requireIntegerIds, requireString, TEXT_CAPS } from '../../../../shared/helpers/validation';
import { collectionField, textField } from '../../descriptions/fields';
import { wholeNumber } from '../../helpers/values';
import { apiRequestData, downloadFile } from '../../../../api/v2';
import { defineOperation, FileItem, type BatchOutcome } from '../../../actions/define';

/** The carriers Kaufland Shipment Solutions sells labels of (the OpenAPI: "must be one of GLS"). */
const LABEL_CARRIERS = ['GLS'];

/** No default a forgotten field could send: 0 is refused before the label is bought. */
function measurementField(
	displayName: string,
	name: string,
	description: string,
	placeholder: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'number',
		typeOptions: { numberPrecision: 0 },
		default: 0,
		required: true,
		placeholder,
		description,
	};
}

const MEASUREMENTS: Array<{ field: INodeProperties; apiName: string }> = [
	{
		field: measurementField('Weight (in Grams)', 'weightGram', 'Weight of the packed parcel, in grams', 'e.g. 1500'),
		apiName: 'weight_gram',
	},
	{
		field: measurementField('Length (in cm)', 'lengthCm', 'Longest side of the parcel, in centimetres', 'e.g. 30'),
		apiName: 'length_cm',
	},
	{
		field: measurementField('Width (in cm)', 'widthCm', 'Width of the parcel, in centimetres', 'e.g. 20'),
		apiName: 'width_cm',
	},
	{
		field: measurementField('Height (in cm)', 'heightCm', 'Height of the parcel, in centimetres', 'e.g. 10'),
		apiName: 'height_cm',
	},
];

const FIELD_LABELS: Record<string, string> = {
	ids_order_units: 'Order Unit IDs',
	carriers: 'Carriers',
	...Object.fromEntries(
		MEASUREMENTS.map(({ field, apiName }) => [`package_measurements.${apiName}`, field.displayName]),
	),
};

interface LabelPart {
	body: IDataObject & { ids_order_units: number[] };
	binaryPropertyName: string;
	includeLink: boolean;
}

function labelRequest(context: IExecuteFunctions, itemIndex: number): LabelPart['body'] {
	const packageMeasurements = Object.fromEntries(
		MEASUREMENTS.map(({ field, apiName }) => [
			apiName,
			wholeNumber(context, context.getNodeParameter(field.name, itemIndex, 0), itemIndex, field.displayName, {
				min: 1,
			}),
		]),
	);
	const carriers = [context.getNodeParameter('carriers', itemIndex, LABEL_CARRIERS) as string[] | string].flat();
	return {
		ids_order_units: requireIntegerIds(context, 'orderUnitIds', itemIndex, 'Order Unit IDs'),
		carriers: carriers.length ? carriers : LABEL_CARRIERS,
		package_measurements: packageMeasurements,
	};
}

/**
 * The label was bought: an error after that must say so, or a second run buys a second label. Its own message,
 * not the operation's "Could not create …" headline, which would say the opposite. The download's own advice
 * (a 503's "try again later") stays out: trying again means running the item, which buys another label.
 */
function boughtButNotDownloaded(
	context: IExecuteFunctions,
	label: IDataObject,
	itemIndex: number,
	cause: string,
): Error {
	const what = `Shipping label ${String(label.id)} was created (${String(label.carrier)} tracking number ${String(label.tracking_number)}), but its PDF could not be downloaded`;
	const description = [
		'The label was bought. Get its PDF in the Seller Portal, with the order units of this label.',
		'Do not run this item again: that buys another label.',
	].join('\n');
	return new NodeOperationError(context.getNode(), `${what}: ${cause} [item ${itemIndex}]`, { itemIndex, description });
}

/** Buys one label and downloads its PDF. */
async function buyLabel(
	context: IExecuteFunctions,
	itemIndex: number,
	{ body, binaryPropertyName, includeLink }: LabelPart,
): Promise<FileItem> {
	const label = await apiRequestData.call(context, {
		method: 'POST',
		path: '/shipping-labels',
		body,
		itemIndex,
		fieldLabels: FIELD_LABELS,
		uncertainWrite: {
			subject: 'the shipping label',
			check: 'the labels of these order units in the Seller Portal: a second run buys a second label',
		},
	});
	const { download_url: downloadUrl, ...record } = label;
	const output = {
		...record,
		ids_order_units: body.ids_order_units,
		...(includeLink ? { download_url: downloadUrl } : {}),
	};
	if (typeof downloadUrl !== 'string' || !downloadUrl)
		throw boughtButNotDownloaded(context, label, itemIndex, 'the marketplace gave no download address');
	let file: Awaited<ReturnType<typeof downloadFile>>;
	try {
		file = await downloadFile.call(context, downloadUrl, itemIndex);
	} catch (error) {
		throw boughtButNotDownloaded(
			context,
			label,
			itemIndex,
			error instanceof OperationFailure ? error.reason : (error as Error).message,
		);
	}
	if (!file.data.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
		throw boughtButNotDownloaded(
			context,
			label,
			itemIndex,
			'the download address answered with something other than a PDF',
		);
	}
	const binary = await context.helpers.prepareBinaryData(
		file.data,
		`label-${String(label.tracking_number)}.pdf`,
		'application/pdf',
	);
	return new FileItem(output, { [binaryPropertyName]: binary });
}

/**
 * POST /shipping-labels, then the PDF from its `download_url` into a binary field. A label is bought, so every
 * item is checked before the first is bought, the request is never repeated, and when its answer is lost or the
 * download fails, the error says the label may exist.
 */
export const create = defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a shipping label',
	attempt: 'create a shipping label',
	summary: 'Buy a shipping label for one parcel through Kaufland Shipment Solutions and get it as a PDF',
	endpoint: 'POST /shipping-labels',
	properties: [
		bounded(
			textField(
				'Order Unit IDs',
				'orderUnitIds',
				'The order units packed in this parcel, separated by commas: all of one order, waiting to be sent',
				{
					required: true,
					placeholder: 'e.g. 391581935120, 391581935121',
				},
			),
			{ fills: ['ids_order_units'], maxLength: TEXT_CAPS.trackingNumbers },
		),
		{
			displayName: 'Carriers',
			name: 'carriers',
			type: 'multiOptions',
			options: LABEL_CARRIERS.map((carrier) => ({ name: carrier, value: carrier })),
			default: ['GLS'],
			required: true,
			description: 'The carriers you can hand the parcel to; the marketplace picks one. It sells GLS labels only.',
		},
		...MEASUREMENTS.map(({ field }) => field),
		binaryOutputField('Binary field of the output item that receives the label (PDF)'),
		collectionField(
			'Options',
			'options',
			[
				{
					...includeDownloadLinksOption,
					displayName: 'Include Download Link',
					description:
						"Whether to output the label's download address (download_url), which works for 7 days. Whoever has it can fetch the label, and the output is stored with the execution.",
				},
			],
			'Add Option',
		),
	],
	batch: {
		async prepare(itemIndex) {
			return {
				body: labelRequest(this, itemIndex),
				binaryPropertyName: requireString(this, 'binaryPropertyName', itemIndex, 'Put Output File in Field'),
				includeLink: (this.getNodeParameter('options', itemIndex, {}) as IDataObject).includeDownloadLinks === true,
			};
		},
		async send(parts) {
			const outcomes: BatchOutcome[] = [];
			for (const { itemIndex, part } of parts) {
				try {
					outcomes.push({ itemIndex, file: await buyLabel(this, itemIndex, part) });
				} catch (error) {
					outcomes.push({ itemIndex, error: error as Error });
					// Every further label would be bought without its PDF reaching the output.
					if (!this.continueOnFail()) break;
				}
			}
			return outcomes;
		},
	},
});
