/**
 * The operation types generated from the catalogue live in schemas/generated (the server's handlers
 * use them too); the app keeps importing them from here.
 */
export * from '../../../schemas/generated/operations.ts';
