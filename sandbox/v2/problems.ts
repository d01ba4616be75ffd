/**
 * API v2 errors: the `ErrorResponse` problem shape `{type, message, errors[{field, message}]}`.
 * `type` is one of the OpenAPI's `ProblemType` values; 'about:blank' means "nothing beyond the HTTP status".
 */

export interface ErrorDetail {
	field: string;
	message: string;
}

export interface ProblemBody {
	type: string;
	message: string;
	errors: ErrorDetail[];
}

export class Problem extends Error {
	constructor(
		readonly status: number,
		readonly type: string,
		message: string,
		readonly errors: ErrorDetail[] = [],
		readonly headers: Record<string, string> = {},
	) {
		super(message);
	}

	body(): ProblemBody {
		return { type: this.type, message: this.message, errors: this.errors };
	}
}

/** 400 validation-error listing every offending field. */
export function invalid(errors: ErrorDetail[]): Problem {
	const summary = errors.map((e) => `${e.field} ${e.message}`).join('; ');
	return new Problem(400, '/problems/validation-error', `Invalid request: ${summary}`, errors);
}

/** 400 validation-error for one field. */
export function invalidField(field: string, message: string): Problem {
	return invalid([{ field, message }]);
}

export function notFound(message: string): Problem {
	return new Problem(404, '/problems/not-found', message);
}

/** A state rule refuses the action (403 where the operation declares it, else 400). */
export function refused(status: 400 | 403, type: string, message: string, field?: string): Problem {
	return new Problem(status, type, message, field ? [{ field, message }] : []);
}
