export * from './auth.ts';
export * from './boards.ts';
export * from './consolidation.ts';
export * from './ledger.ts';
export * from './sharing.ts';
export * from './sync.ts';
export * from './team.ts';
export * from './widgets.ts';
