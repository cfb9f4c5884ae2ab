/**
 * A board widget's choice, for a type a board holds once per choice: 'kpi:ebitda-margin' →
 * 'ebitda-margin'; undefined for a type without a variant or a widget without a choice (the type's
 * default then applies). Apart from the registry so a bundle can use it without the registry's schemas.
 */
export function variantOf(widget: { id: string; widget: string }, typeHasVariant: boolean): string | undefined {
  if (!typeHasVariant || !widget.id.startsWith(`${widget.widget}:`)) return undefined;
  return widget.id.slice(widget.widget.length + 1);
}
