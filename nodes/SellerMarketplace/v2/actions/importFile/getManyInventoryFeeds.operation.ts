import { getManyFilesOperation, INVENTORY_FEED } from './commandFiles';

/** GET /import-files/inventory-feed: newest first, 30 a page. */
export const getManyInventoryFeeds = getManyFilesOperation(INVENTORY_FEED);
