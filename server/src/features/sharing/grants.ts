import type { EmbedTokenClaims, SharedPage } from '@saldo/contract';
import { isWidgetType, type WidgetDefinition, widgetRegistry, widgetVariant } from '@saldo/contract/widgets/registry';
import { variantDefault } from '../widgets/request.ts';
import type { PublicShareRow } from './links.ts';

/**
 * What a public link or an embed token grants is the widget instances and pages its owner chose, and
 * nothing computed beyond them: a call is matched to one shared instance (its type and, for a type a
 * board holds once per choice, its choice: `kpi:ebitda-margin`, `budget:payroll`), never to a type as
 * a whole, and it compares with another period only where the instance was shared with its comparison.
 */

/** What a viewer's call asks for, read from its route and query. */
export type Asked =
  /** A statement: its page, or the board's widget of its element ('profit-loss', …). */
  | { kind: 'page'; page: SharedPage; element: string }
  /** A catalogue widget; `choice` its variant (the type's default when the call names none). */
  | { kind: 'widget'; type: string; choice: string | undefined }
  /** A custom widget, by the id in its path. */
  | { kind: 'custom'; id: string };

/** The query parameters every viewer call may set; anything else a widget reads is its shared instance's. */
const FREE = new Set(['groupId', 'startDate', 'endDate', 'compare']);

/**
 * The instance a widget call asks for, or null when the call reaches beyond any instance: a variant
 * given twice, or a parameter no shared widget sets (MRR's `accounts`: the board's widget reads the
 * default revenue range).
 */
export function askedWidget(type: string, queries: (name: string) => string[] | undefined): Asked | null {
  if (!isWidgetType(type)) return null;
  const w: WidgetDefinition = widgetRegistry[type];
  for (const param of w.params) {
    if (FREE.has(param) || param === w.variant) continue;
    if (queries(param) !== undefined) return null;
  }
  if (!w.variant) return { kind: 'widget', type, choice: undefined };
  const values = queries(w.variant) ?? [];
  if (values.length > 1) return null;
  return { kind: 'widget', type, choice: values[0] ?? variantDefault(w.variant) };
}

/** Whether a link's or token's instance or page is the one asked for. */
export interface Grant {
  allowed: boolean;
  /** Whether the answer may compare with another period (KPIs' last year, turnover's, `compare`). */
  comparison: boolean;
}

const DENIED: Grant = { allowed: false, comparison: false };

/** A board widget's choice as the server reads it: its variant, else its type's default. */
function choiceOf(w: { id: string; widget: string }): string | undefined {
  if (!isWidgetType(w.widget)) return undefined;
  const { variant }: WidgetDefinition = widgetRegistry[w.widget];
  return variant ? (widgetVariant(w) ?? variantDefault(variant)) : undefined;
}

/**
 * A public link's grant: the shared widgets that are the instance asked for (a statement's board
 * widget too: a P&L widget shared without its page still shows), or the shared page. A comparison
 * only for an instance shared in its comparison view, on a link not held to one period (such a link
 * shows that period only).
 */
export function shareGrant(share: Pick<PublicShareRow, 'widgets' | 'pages' | 'lockedStartDate'>, asked: Asked): Grant {
  const instances = share.widgets.filter((w) =>
    asked.kind === 'page'
      ? w.widget === asked.element
      : asked.kind === 'widget'
        ? w.widget === asked.type && choiceOf(w) === asked.choice
        : w.widget === 'custom' && w.id === asked.id,
  );
  const page = asked.kind === 'page' && share.pages.includes(asked.page);
  if (!page && instances.length === 0) return DENIED;
  return { allowed: true, comparison: !share.lockedStartDate && instances.some((w) => w.view === 'comparison') };
}

/**
 * The names an embed token gives the instance asked for: the element's tag without `saldo-`, a type's
 * choice as `<type>:<choice>` (the plain type is its default choice only), a custom widget as
 * `custom-widget:<id>`.
 */
export function elementNames(asked: Asked): string[] {
  switch (asked.kind) {
    case 'page':
      return [asked.element];
    case 'custom':
      return [`custom-widget:${asked.id}`];
    case 'widget': {
      if (asked.choice === undefined) return [asked.type];
      const w: WidgetDefinition = widgetRegistry[asked.type as keyof typeof widgetRegistry];
      const plain = w.variant && asked.choice === variantDefault(w.variant) ? [asked.type] : [];
      return [`${asked.type}:${asked.choice}`, ...plain];
    }
  }
}

/**
 * An embed token's grant: an element it names. A comparison where the token allows another period:
 * it locks `compare` itself, or locks no period (the page then chooses its period and comparison).
 */
export function embedGrant(claims: Pick<EmbedTokenClaims, 'elements' | 'params'>, asked: Asked): Grant {
  if (!elementNames(asked).some((name) => claims.elements.includes(name))) return DENIED;
  const params = claims.params ?? {};
  const periodLocked = params.startDate !== undefined || params.endDate !== undefined;
  return { allowed: true, comparison: params.compare !== undefined || !periodLocked };
}
