export type { SaldoDrillDetail, SaldoErrorDetail } from './core/types';
export * from './generated/react';
