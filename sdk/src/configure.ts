// The cdn build's entry for configuring the page (dist/cdn/configure.js): the shared api client only, so
// a page that loads one element with <script type="module"> also loads nothing else to configure it.
export { configure, type SaldoConfig } from './core/api-client';
