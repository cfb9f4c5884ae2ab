import type { BoardWidget } from '@saldo/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AI_TYPE, CUSTOM_TYPE } from './layout';
import { buildCatalogue, widgetConfigurationsQuery } from './queries';

/** The widget catalogue the server configures, in the grid's language, and the title each widget shows. */
export function useCatalogue(lang: 'nor' | 'en') {
  const text = lang === 'en' ? 'en' : 'no';
  const configurations = useQuery(widgetConfigurationsQuery);
  const catalogue = useMemo(() => buildCatalogue(configurations.data ?? []), [configurations.data]);
  const entryOf = (type: string) => catalogue.find((entry) => entry.widget === type);
  const titleOf = (widget: BoardWidget) =>
    widget.widget === CUSTOM_TYPE || widget.widget === AI_TYPE
      ? widget.name
      : (entryOf(widget.widget)?.name[text] ?? widget.name);
  return { catalogue, pending: configurations.isPending, text, entryOf, titleOf } as const;
}
