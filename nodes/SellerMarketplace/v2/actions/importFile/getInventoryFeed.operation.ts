import { getFileOperation, INVENTORY_FEED } from './commandFiles';

/** GET /import-files/inventory-feed/{id_import_file}: the file's status, lines read and errors; optionally waits until it is processed. */
export const getInventoryFeed = getFileOperation(INVENTORY_FEED);
