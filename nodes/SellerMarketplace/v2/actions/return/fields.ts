/** The return to read, shared by the return operations. */
import { idLocator } from '../../descriptions/fields';

export const returnIdField = idLocator({
	displayName: 'Return',
	name: 'returnId',
	searchListMethod: 'searchReturns',
	placeholder: 'e.g. 675849321',
	description: 'A return of one or more order units, picked from your latest returns or given by its numeric ID',
});
