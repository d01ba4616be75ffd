import { getFileOperation, INVENTORY_COMMAND_FILE } from './commandFiles';

/** GET /import-files/inventory-command/{id_import_file}: the file's status, lines read and errors; optionally waits until it is processed. */
export const getInventoryCommandFile = getFileOperation(INVENTORY_COMMAND_FILE);
