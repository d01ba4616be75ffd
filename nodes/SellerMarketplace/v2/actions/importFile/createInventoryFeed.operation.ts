import { createFileOperation, INVENTORY_FEED } from './commandFiles';

/** POST /import-files/inventory-feed: the marketplace downloads and processes the file later; Get tells how far it is. */
export const createInventoryFeed = createFileOperation(INVENTORY_FEED);
