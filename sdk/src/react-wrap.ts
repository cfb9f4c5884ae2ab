import { createComponent, type EventName, type ReactWebComponent } from '@lit/react';
import * as React from 'react';
import type { SaldoDrillDetail, SaldoErrorDetail, WidgetState } from './core/types';
import { elements, type SaldoTag } from './elements';
// The wrappers render the tags, so they must be defined whatever else the app imports. Here, in the
// module every wrapper uses, not in react.ts: a bundler that follows react.ts's re-exports to the
// wrappers never includes react.ts itself, and its side effects went with it (the report pages had no elements).
import './register';

/** What an element's `saldo-ready` carries: the data it shows. */
type DataOf<E> = E extends { state: WidgetState<infer T> } ? T : never;

type ElementOf<K extends SaldoTag> = InstanceType<(typeof elements)[K]>;

// A type, not an interface: @lit/react's EventNames wants the implicit index signature only types have.
type SaldoEvents<T> = {
  onSaldoReady: EventName<CustomEvent<T>>;
  onSaldoError: EventName<CustomEvent<SaldoErrorDetail>>;
  onSaldoDrill: EventName<CustomEvent<SaldoDrillDetail>>;
};

/**
 * The React wrapper of a tag (generated/react.ts has one per element): props are set as element
 * properties, and the events are typed by the data the element shows.
 */
export function wrap<K extends SaldoTag>(
  tagName: K,
): ReactWebComponent<ElementOf<K>, SaldoEvents<DataOf<ElementOf<K>>>> {
  return createComponent({
    tagName,
    elementClass: elements[tagName] as unknown as new () => ElementOf<K>,
    react: React,
    events: {
      onSaldoReady: 'saldo-ready',
      onSaldoError: 'saldo-error',
      onSaldoDrill: 'saldo-drill',
    } as SaldoEvents<DataOf<ElementOf<K>>>,
  });
}
