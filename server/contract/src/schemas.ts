/**
 * @saldo/contract/schemas: the zod schema of every JSON response of the API, from which types.ts infers
 * the shared types and the server its OpenAPI document and its tests' response checks. Runtime zod:
 * the SDK never imports this entry (its bundle stays without zod); it takes the types from
 * @saldo/contract.
 */
// The catalogue's schemas list the registry's types, and the registry imports schemas/: see catalogue.ts.
export { widgetConfiguration, widgetType } from './catalogue.ts';
export * from './schemas/account.ts';
export * from './schemas/boards.ts';
export * from './schemas/common.ts';
export * from './schemas/errors.ts';
export * from './schemas/reports.ts';
export * from './schemas/requests.ts';
export * from './schemas/text.ts';
export * from './schemas/widgets.ts';
