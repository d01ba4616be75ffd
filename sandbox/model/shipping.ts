/**
 * Shipments added to sent order units (`POST /shipments`) and shipping labels bought through Kaufland Shipment
 * Solutions (`POST /shipping-labels`): v2-only state on the db object (`v2Shipping`), so a reset empties it and a
 * snapshot keeps it. A label's PDF is made when it is downloaded, unsigned, from its `download_url`
 * (`<origin>/api/v1/shipping-label-files/{id}?access_token=…`), which works for 7 days of sandbox time.
 */
import { randomBytes, randomUUID } from 'crypto';
import type { SandboxCore } from '../core/sandbox-core';
import { parseTimestamp } from '../core/clock';
import type { SandboxDb, Timestamp } from '../core/types';
import { downloadUrl } from './downloads';

export const LABEL_DOWNLOAD_DAYS = 7;

export interface AddedShipment {
	id_order_unit: number;
	carrier_code: string;
	tracking_number: string;
	ts_created: Timestamp;
}

export interface PackageMeasurements {
	weight_gram: number;
	height_cm: number;
	length_cm: number;
	width_cm: number;
}

export interface ShippingLabel {
	id: string;
	ids_order_units: number[];
	carrier: string;
	tracking_number: string;
	package_measurements: PackageMeasurements;
	ts_created: Timestamp;
	_access_token: string;
}

interface ShippingState {
	shipments: AddedShipment[];
	labels: ShippingLabel[];
	lastTrackingNumber: number;
}

export function shippingState(db: SandboxDb): ShippingState {
	const holder = db as SandboxDb & { v2Shipping?: ShippingState };
	holder.v2Shipping ??= { shipments: [], labels: [], lastTrackingNumber: 0 };
	return holder.v2Shipping;
}

export function createLabel(
	core: SandboxCore,
	idsOrderUnits: number[],
	carrier: string,
	measurements: PackageMeasurements,
): ShippingLabel {
	const state = shippingState(core.store.db);
	const label: ShippingLabel = {
		id: randomUUID(),
		ids_order_units: idsOrderUnits,
		carrier,
		// GLS parcel numbers: 11 digits
		tracking_number: String(60_000_000_000 + ++state.lastTrackingNumber),
		package_measurements: measurements,
		ts_created: core.timestamp(),
		_access_token: randomBytes(24).toString('hex'),
	};
	state.labels.push(label);
	return label;
}

export function labelDownloadUrl(core: SandboxCore, label: ShippingLabel): string {
	return downloadUrl(core, `/shipping-label-files/${label.id}?access_token=${label._access_token}`);
}

export function findLabel(core: SandboxCore, id: string): ShippingLabel | undefined {
	return shippingState(core.store.db).labels.find((label) => label.id === id);
}

export function labelExpired(core: SandboxCore, label: ShippingLabel): boolean {
	return core.clock.now() - parseTimestamp(label.ts_created) > LABEL_DOWNLOAD_DAYS * 24 * 3600 * 1000;
}

/** A one-page PDF (4 × 6 inches) with the given lines of text, its cross-reference table byte-exact. */
export function labelPdf(lines: string[]): Buffer {
	const escape = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
	const content = lines
		.map((line, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 24 ${396 - i * 28} Td (${escape(line)}) Tj ET`)
		.join('\n');
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
		`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
	];
	let pdf = '%PDF-1.4\n';
	const offsets = objects.map((body, i) => {
		const offset = Buffer.byteLength(pdf, 'latin1');
		pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
		return offset;
	});
	const xref = Buffer.byteLength(pdf, 'latin1');
	pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
	pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	return Buffer.from(pdf, 'latin1');
}

export function labelFile(label: ShippingLabel): Buffer {
	const { weight_gram, length_cm, width_cm, height_cm } = label.package_measurements;
	return labelPdf([
		`${label.carrier} ${label.tracking_number}`,
		`Order units: ${label.ids_order_units.join(', ')}`,
		`${weight_gram} g, ${length_cm} x ${width_cm} x ${height_cm} cm`,
		'Sandbox label: not valid for shipping',
	]);
}
