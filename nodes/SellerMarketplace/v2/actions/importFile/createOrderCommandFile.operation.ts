import { createFileOperation, ORDER_COMMAND_FILE } from './commandFiles';

/** POST /import-files/order-command: the marketplace downloads and processes the file later; Get tells how far it is. */
export const createOrderCommandFile = createFileOperation(ORDER_COMMAND_FILE);
