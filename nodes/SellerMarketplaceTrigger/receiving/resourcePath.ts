/**
 * Reads the `resource` of a notification, `/<collection>/<id>/`, into a collection and an id the node can
 * put back into a request path of its own (each API version encodes it with its own path builder).
 *
 * Any id is accepted that cannot change which path or host is read: the raw segment may hold RFC 3986
 * unreserved characters, sub-delimiters other than `;`, and percent-escapes; once decoded (and also after
 * Unicode NFKC folding, which some servers apply) it must not be `.`-only, and must not hold `/`, `\`, `%`,
 * `?`, `#`, `@`, `:`, `;` or control characters. Integer ids must be safe integers without leading zeros.
 */
export interface IdForm {
	/** The field the id goes to in the emitted item, e.g. `id_order`. */
	idField: string;
	type: 'string' | 'integer';
}

export interface ResourceRef {
	collection: string;
	id: string | number;
	idField: string;
}

export const MAX_RESOURCE_LENGTH = 200;

/** Collections both API versions name alike. `id_order` is a string in the specs; the other ids are integers. */
export const COMMON_RESOURCE_FORMS: Readonly<Record<string, IdForm>> = {
	orders: { idField: 'id_order', type: 'string' },
	'order-units': { idField: 'id_order_unit', type: 'integer' },
	returns: { idField: 'id_return', type: 'integer' },
	'return-units': { idField: 'id_return_unit', type: 'integer' },
	units: { idField: 'id_unit', type: 'integer' },
	categories: { idField: 'id_category', type: 'integer' },
};

const SHAPE = /^\/([a-z][a-z-]*)\/([^/]+)\/?$/;
const RAW_SEGMENT = /^(?:[A-Za-z0-9\-._~!$&'()*+,=]|%[0-9A-Fa-f]{2})+$/;
const FORBIDDEN_DECODED = /[/\\%?#@:;\p{Cc}]/u;
const DOTS_ONLY = /^\.+$/;
const SAFE_INTEGER = /^[1-9][0-9]{0,15}$/;

function isHarmless(id: string): boolean {
	return !FORBIDDEN_DECODED.test(id) && !DOTS_ONLY.test(id);
}

/** Decodes one path segment into an id, or undefined when it could change the path or host. */
export function decodeIdSegment(raw: string): string | undefined {
	if (!RAW_SEGMENT.test(raw)) return undefined;
	let id: string;
	try {
		id = decodeURIComponent(raw);
	} catch {
		return undefined; // malformed UTF-8
	}
	return isHarmless(id) && isHarmless(id.normalize('NFKC')) ? id : undefined;
}

/** The collection and id named by `resource`, or undefined unless it is exactly `/<known collection>/<id>/`. */
export function parseResource(resource: unknown, forms: Readonly<Record<string, IdForm>>): ResourceRef | undefined {
	if (typeof resource !== 'string' || resource.length > MAX_RESOURCE_LENGTH) return undefined;
	const match = SHAPE.exec(resource);
	if (!match) return undefined;
	const [, collection, rawId] = match;
	const form = Object.prototype.hasOwnProperty.call(forms, collection) ? forms[collection] : undefined;
	if (!form) return undefined;
	const id = decodeIdSegment(rawId);
	if (id === undefined) return undefined;
	if (form.type === 'string') return { collection, id, idField: form.idField };
	if (!SAFE_INTEGER.test(id) || !Number.isSafeInteger(Number(id))) return undefined;
	return { collection, id: Number(id), idField: form.idField };
}
