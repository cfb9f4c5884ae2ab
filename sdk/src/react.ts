// The wrappers render the tags, so they must be defined whatever else the app imports.
import './register';

export type { SaldoDrillDetail, SaldoErrorDetail } from './core/types';
export * from './generated/react';
