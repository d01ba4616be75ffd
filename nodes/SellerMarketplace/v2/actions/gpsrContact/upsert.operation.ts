import type { IDataObject } from 'n8n-workflow';

import {
	bounded,
	checkCountryCode,
	checkEmail,
	checkHttpUrl,
	compact,
	inputError,
	requireString,
} from '../../../../shared/helpers/validation';
import { collectionField, textField } from '../../descriptions/fields';
import { optionalText } from '../../helpers/values';
import { apiRequestData } from '../../../../api/v2';
import { defineOperation } from '../../../actions/define';
import { contactPath, contactTypeField, ownerFields } from './fields';

const EU_COUNTRIES = new Set(
	'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
);

const LABELS: Record<string, string> = {
	name: 'Name',
	'postal_address.street': 'Street',
	'postal_address.house_number': 'House Number',
	'postal_address.city': 'City',
	'postal_address.postal_code': 'Postal Code',
	'postal_address.country_code': 'Country Code',
	'postal_address.address_additional': 'Address Line 2',
	'contact_info.email_address': 'Email',
	'contact_info.website_url': 'Website',
	'contact_info.phone_number': 'Phone',
};

/** PUT /contacts/…/{contact_type}: creates the contact of that type or replaces it (200 with the contact). */
export const upsert = defineOperation({
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update a GPSR contact',
	attempt: ['create or update a GPSR contact for EAN {ean}', 'create or update a GPSR contact'],
	summary: 'Set the manufacturer or EU responsible person of a manufacturer or a product',
	endpoint: [
		'PUT /contacts/manufacturers/{manufacturer_name}/{contact_type}',
		'PUT /contacts/products/{ean}/{contact_type}',
	],
	properties: [
		...ownerFields,
		contactTypeField,
		bounded(textField('Name', 'name', 'Name of the company or person (at most 255 characters)', { required: true }), {
			fills: ['name'],
			minLength: 1,
			maxLength: 255,
		}),
		bounded(textField('Street', 'street', 'Street of the postal address', { required: true }), {
			fills: ['postal_address.street'],
			minLength: 1,
			maxLength: 255,
		}),
		bounded(textField('House Number', 'houseNumber', 'House number of the postal address', { required: true }), {
			fills: ['postal_address.house_number'],
			minLength: 1,
			maxLength: 50,
		}),
		bounded(textField('City', 'city', 'City of the postal address', { required: true }), {
			fills: ['postal_address.city'],
			minLength: 1,
			maxLength: 255,
		}),
		bounded(
			textField('Country Code', 'countryCode', 'Two-letter country code (ISO 3166-1), e.g. DE', {
				required: true,
				placeholder: 'DE',
			}),
			{
				fills: ['postal_address.country_code'],
				pattern: { regex: /^[A-Za-z]{2}$/, says: 'a two-letter country code such as DE' },
			},
		),
		collectionField('Additional Fields', 'additionalFields', [
			bounded(textField('Address Line 2', 'addressAdditional', 'More of the postal address'), {
				fills: ['postal_address.address_additional'],
				minLength: 1,
				maxLength: 255,
			}),
			bounded(
				textField('Email', 'email', 'E-mail address of the contact. Email or Website is required.', {
					placeholder: 'name@email.com',
				}),
				{ fills: ['contact_info.email_address'], maxLength: 255 },
			),
			bounded(textField('Phone', 'phone', 'Phone number of the contact'), {
				fills: ['contact_info.phone_number'],
				minLength: 1,
				maxLength: 50,
			}),
			bounded(textField('Postal Code', 'postalCode', 'Postal code; required for an address in the EU'), {
				fills: ['postal_address.postal_code'],
				minLength: 1,
				maxLength: 20,
			}),
			bounded(
				textField('Website', 'website', 'Website of the contact (http or https). Email or Website is required.'),
				{ fills: ['contact_info.website_url'], maxLength: 2048 },
			),
		]),
	],
	async execute(itemIndex) {
		const path = contactPath(this, itemIndex);
		const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const country = checkCountryCode(
			this,
			requireString(this, 'countryCode', itemIndex, 'Country Code'),
			itemIndex,
			'Country Code',
		)!;
		const email = optionalText(extra.email);
		const website = optionalText(extra.website);
		if (!email && !website)
			throw inputError(this, itemIndex, '"Email" or "Website" is required: add at least one in Additional Fields');
		const postalCode = optionalText(extra.postalCode);
		if (!postalCode && EU_COUNTRIES.has(country)) {
			throw inputError(
				this,
				itemIndex,
				`"Postal Code" is required for an address in ${country}, an EU country: add it in Additional Fields`,
			);
		}
		// The lengths were checked before this runs, from the bounds the fields declare.
		const body = {
			name: requireString(this, 'name', itemIndex, 'Name'),
			postal_address: compact({
				street: requireString(this, 'street', itemIndex, 'Street'),
				house_number: requireString(this, 'houseNumber', itemIndex, 'House Number'),
				city: requireString(this, 'city', itemIndex, 'City'),
				postal_code: postalCode,
				country_code: country,
				address_additional: optionalText(extra.addressAdditional),
			}),
			contact_info: compact({
				email_address: email && checkEmail(this, email, itemIndex, 'Email'),
				website_url: website && checkHttpUrl(this, website, itemIndex, 'Website'),
				phone_number: optionalText(extra.phone),
			}),
		};
		return await apiRequestData.call(this, { method: 'PUT', path, body, itemIndex, fieldLabels: LABELS });
	},
});
