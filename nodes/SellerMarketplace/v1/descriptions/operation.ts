export { operationSelector } from '../../../shared/descriptions/fields';
