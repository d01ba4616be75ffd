import type { IExecuteFunctions } from 'n8n-workflow';

import { formatInstant, toInstant } from '../../../shared/helpers/dates';

/**
 * A date filter as API v2 takes it (`*_from_iso`): ISO 8601 in UTC, `2026-11-20T07:30:00Z`. What
 * the form or an expression gives is read by the shared rules (a time without a zone is in the workflow's).
 */
export function toIsoTimestamp(
	context: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	label: string,
): string | undefined {
	const instant = toInstant(context, value, itemIndex, label);
	return instant && formatInstant(instant, 'iso');
}
