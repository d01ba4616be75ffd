/**
 * Sort as its own collection, right below Options, as n8n's own nodes place it. Operations declare their sort
 * choice as a `sort` dropdown inside Options; `sortBelowOptions` moves it out when the form is built, so every
 * Get Many with a sort, also one added later, shows it the same way. n8n keeps only the parameters a form
 * declares, so the move comes with a new node version: nodes saved with an earlier version keep Options → Sort.
 */
import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

const SORT = 'sort';
const SORT_BY = 'sortBy';

/** The Sort collection that holds a sort dropdown. */
function sortCollection(sortField: INodeProperties, displayOptions: IDisplayOptions | undefined): INodeProperties {
	return {
		displayName: 'Sort',
		name: SORT,
		type: 'collection',
		placeholder: 'Add Sort Order',
		default: {},
		...(displayOptions ? { displayOptions } : {}),
		options: [{ ...sortField, displayName: 'Sort By', name: SORT_BY }],
	};
}

/** The display options, narrowed to the node versions `versions` matches. */
function forVersions(
	displayOptions: IDisplayOptions | undefined,
	versions: NonNullable<IDisplayOptions['show']>['@version'],
): IDisplayOptions {
	return { ...displayOptions, show: { ...displayOptions?.show, '@version': versions } };
}

/**
 * The properties with the `sort` dropdown of each Options collection moved into a Sort collection right after
 * it, from node version `since` on; earlier versions keep the Options collection as it was.
 */
export function sortBelowOptions(properties: INodeProperties[], since: number): INodeProperties[] {
	return properties.flatMap((property) => {
		const options =
			property.type === 'collection' && property.name === 'options'
				? (property.options as INodeProperties[] | undefined)
				: undefined;
		const sortField = options?.find((option) => option.name === SORT && option.type === 'options');
		if (!options || !sortField) return [property];
		const rest = options.filter((option) => option !== sortField);
		const moved = forVersions(property.displayOptions, [{ _cnd: { gte: since } }]);
		return [
			{ ...property, displayOptions: forVersions(property.displayOptions, [{ _cnd: { lt: since } }]) },
			...(rest.length ? [{ ...property, options: rest, displayOptions: moved }] : []),
			sortCollection(sortField, moved),
		];
	});
}

/** The order chosen under Sort; with a node saved before Sort had its own collection, the one under Options. */
export function chosenSort(context: IExecuteFunctions, itemIndex: number): string | undefined {
	const sort = context.getNodeParameter(SORT, itemIndex, {}) as IDataObject;
	if (typeof sort?.[SORT_BY] === 'string' && sort[SORT_BY] !== '') return sort[SORT_BY] as string;
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return typeof options?.sort === 'string' && options.sort !== '' ? options.sort : undefined;
}
