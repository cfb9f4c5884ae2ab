// @saldo/contract: what Saldo's server, SDK and portal agree on. The request and response shapes
// are here; the runtime rules live in subpath modules (errors, element-errors, format, footing,
// period, range, booked, statements, import-warnings, data-health, widgets) so a bundle takes only
// what it uses.
export * from './types/index.ts';
