/** A statement line as each consumer models it (the SDK's table, the exports' tables): an id and its items. */
interface Pairable<L> {
  id: string;
  items?: L[];
}

/**
 * Pairs every line with the same line (by id) of the comparison statement, at any depth: `paired`
 * gives a line its comparison figures. An item found in the comparison only (an account used last
 * year only) is added through `onlyInComparison`, with zeros this period, so both columns still add
 * up to their group (`parent` is the line of this statement the item joins).
 */
export function pairWithComparison<L extends Pairable<L>>(
  lines: readonly L[],
  comparison: readonly L[],
  paired: (line: L, other: L | undefined) => L,
  onlyInComparison: (item: L, parent: L) => L,
): L[] {
  const byId = new Map<string, L>();
  const index = (list: readonly L[]) => {
    for (const line of list) {
      byId.set(line.id, line);
      if (line.items) index(line.items);
    }
  };
  index(comparison);
  const pair = (line: L): L => {
    const other = byId.get(line.id);
    const result = paired(line, other);
    if (!line.items && !other?.items) return result;
    const own = new Set((line.items ?? []).map((item) => item.id));
    const extra = (other?.items ?? []).filter((item) => !own.has(item.id)).map((item) => onlyInComparison(item, line));
    return { ...result, items: [...(line.items ?? []).map(pair), ...extra] };
  };
  return lines.map(pair);
}
