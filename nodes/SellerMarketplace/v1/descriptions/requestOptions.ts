export { requestOptionsField } from '../../../shared/descriptions/fields';
