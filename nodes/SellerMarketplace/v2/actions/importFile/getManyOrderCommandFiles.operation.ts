import { getManyFilesOperation, ORDER_COMMAND_FILE } from './commandFiles';

/** GET /import-files/order-command: newest first, 30 a page. */
export const getManyOrderCommandFiles = getManyFilesOperation(ORDER_COMMAND_FILE);
