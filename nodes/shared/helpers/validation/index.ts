/**
 * Input checks that run before any request is sent. Every error names the field (by its label in the form) and the
 * item, so a seller can find the bad row in a batch. One module per concern; this index is the one import path.
 */
export { inputError } from '../inputError';
export * from './bounds';
export * from './formats';
export * from './ids';
export * from './numbers';
export * from './parameters';
