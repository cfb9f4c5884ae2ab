import { z } from 'zod';
import { localizedText, view } from '../schemas/common.ts';
import { type WidgetDefinition, type WidgetType, widgetRegistry, widgetTypes } from './registry.ts';

/**
 * The portal's widget drawer: every type of the registry with its titles and description. Its schemas
 * sit here, not in schemas/, because they list the registry's types and the registry imports schemas/.
 */

export const widgetType = z.enum(widgetTypes as [WidgetType, ...WidgetType[]]);

/** GET /api/widgets/configurations: the catalogue the portal offers. */
export const widgetConfiguration = z.strictObject({
  widget: widgetType,
  name: localizedText,
  description: localizedText,
  /** path under /api, with {groupId} and {id} placeholders where they apply */
  endpoint: z.string(),
  views: z.array(view),
});

export type WidgetConfiguration = z.infer<typeof widgetConfiguration>;

/** Every widget type, as GET /api/widgets/configurations lists it; the SDK has an element for each. */
export const widgetCatalogue: readonly WidgetConfiguration[] = widgetTypes.map((type) => {
  const w: WidgetDefinition = widgetRegistry[type];
  return {
    widget: type,
    name: w.titles,
    description: w.description,
    endpoint: w.path.replace(/:(\w+)/g, '{$1}'),
    views: [...w.views],
  };
});
