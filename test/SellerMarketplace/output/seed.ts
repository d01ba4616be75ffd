/** Order unit 1000001 of the sandbox's seed, as Simplified outputs it in both node versions. */
export const ORDER_UNIT_1000001 = {
	id_order_unit: 1000001,
	id_order: 'M10011',
	status: 'sent',
	created_at: '2024-01-01T10:35:39Z',
	product_title: 'Blauwal Smartphones A102',
	ean: '4006380100015',
	id_offer: 'SKU-00001',
	price: '101.99 EUR',
	buyer_name: 'Jonas Weber',
	ship_to_country: 'DE',
	cancel_reason: null,
};
