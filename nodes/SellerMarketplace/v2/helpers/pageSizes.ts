/**
 * The page size of each list, as the OpenAPI states it: the maximum of its `limit` parameter (generated into
 * OPENAPI_PAGE_LIMITS), so that a page size is never typed by hand. A list whose `limit` states no maximum is not a
 * key here (it does not compile): its operation types its page size and says why.
 */
import { OPENAPI_PAGE_LIMITS } from '../../../api/v2/openapi.generated';

type Limits = typeof OPENAPI_PAGE_LIMITS;
/** The paths of the lists whose `limit` has a maximum. */
export type PagedPath = {
	[Path in keyof Limits]: Limits[Path] extends { maximum: number } ? Path : never;
}[keyof Limits];

/** The most records one page of the list at `path` (as the OpenAPI writes it, e.g. `/vouchers/{id_voucher}/products`) holds. */
export function pageSizeOf(path: PagedPath): number {
	return (OPENAPI_PAGE_LIMITS[path] as { maximum: number }).maximum;
}
