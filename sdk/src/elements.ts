import { elements } from './generated/elements';

export { elements };

export type SaldoTag = keyof typeof elements;

export const tags = Object.keys(elements) as SaldoTag[];

/** Each tag's element, so `document.createElement('saldo-turnover')` is typed. */
type SaldoElements = { [K in SaldoTag]: InstanceType<(typeof elements)[K]> };

declare global {
  interface HTMLElementTagNameMap extends SaldoElements {}
}

/**
 * Defines every tag. A tag already defined (by another copy of the SDK on the page, or a
 * host that registered its own) is left alone rather than throwing.
 */
export function defineElements(registry: CustomElementRegistry = customElements): void {
  for (const tag of tags) {
    if (!registry.get(tag)) registry.define(tag, elements[tag]);
  }
}
