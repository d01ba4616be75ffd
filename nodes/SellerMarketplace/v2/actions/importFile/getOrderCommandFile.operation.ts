import { getFileOperation, ORDER_COMMAND_FILE } from './commandFiles';

/** GET /import-files/order-command/{id_import_file}: the file's status, lines read and errors; optionally waits until it is processed. */
export const getOrderCommandFile = getFileOperation(ORDER_COMMAND_FILE);
