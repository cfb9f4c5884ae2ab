// @saldo/contract: what Saldo's server, SDK and portal agree on. The request and response shapes
// are here; the runtime rules live in modules by topic (@saldo/contract/<folder>/<module>: numbers/,
// period/, statements/, kpis/, budgets/, sources/, errors/, widgets/, exports/, schemas/, api/), so a
// bundle takes only what it uses.
export * from './types/index.ts';
