// What the embed bundle (sdk/src/embed.ts) puts on window, for type-checking public/*.js.
import type { SaldoConfig, SaldoTag } from '@saldo/sdk';

declare global {
  interface Window {
    Saldo: { configure(options: SaldoConfig): void; tags: SaldoTag[] };
  }
}
