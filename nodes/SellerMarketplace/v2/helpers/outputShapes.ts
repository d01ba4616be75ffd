/** The output fields of the records of API v2 that Get and Get Many read (shared with the poll trigger). */
export { v2OutputShapes as outputShapes } from '../../../shared/helpers/outputShapes';
