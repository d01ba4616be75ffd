/** Fields of the product (catalogue) operations. */
import { embeddedField } from '../../descriptions/fields';
import { PRODUCT_EMBEDDABLES } from '../../helpers/enums';

/** "Include": the product's category (full or basic) and the offers on it. */
export const productEmbeddedField = embeddedField(
	[...PRODUCT_EMBEDDABLES],
	'More data to include with each product. Category wins over Category Basic when both are chosen.',
);
