import { dateFilterWriter } from '../../../shared/helpers/dates';

/**
 * A date filter as API v2 takes it (`*_from_iso`): ISO 8601 in UTC, `2026-11-20T07:30:00Z`. What
 * the form or an expression gives is read by the shared rules (a time without a zone is in the workflow's).
 */
export const toIsoTimestamp = dateFilterWriter('iso');
