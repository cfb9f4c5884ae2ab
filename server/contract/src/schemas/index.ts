/**
 * @saldo/contract/schemas/index: the zod schema of every JSON response of the API, from which types.ts infers
 * the shared types and the server its OpenAPI document and its tests' response checks. Runtime zod:
 * the SDK never imports this entry (its bundle stays without zod); it takes the types from
 * @saldo/contract.
 */
// The catalogue's schemas list the registry's types, and the registry imports schemas/: see catalogue.ts.
export { widgetConfiguration, widgetType } from '../widgets/catalogue.ts';
export * from './account.ts';
export * from './alerts.ts';
export * from './audit.ts';
export * from './boards.ts';
export * from './common.ts';
export * from './errors.ts';
export * from './firm.ts';
export * from './observations.ts';
export * from './portfolio.ts';
export * from './reports.ts';
export * from './requests.ts';
export * from './templates.ts';
export * from './text.ts';
export * from './widgets.ts';
