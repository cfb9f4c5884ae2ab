// Entry of the IIFE embed bundle (dist/saldo-embed.iife.js) for pages without a bundler.
import { configure } from './core/api-client';
import { tags } from './elements';
import './register';

const Saldo = { configure, tags };

declare global {
  interface Window {
    Saldo: typeof Saldo;
  }
}

window.Saldo = Saldo;
