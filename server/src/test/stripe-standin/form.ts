/**
 * Stripe's request encoding: form fields with bracketed keys (`line_items[0][price]=…`,
 * `metadata[userId]=…`, `expand[]=…`), as the official client writes them, read back into nested
 * objects and arrays. Values stay strings, as Stripe receives them.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

export function parseForm(body: string): Form {
  const root: Form = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head = '', ...rest] = rawKey.split('[');
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node: Form | FormValue[] = root;
    path.forEach((key, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, FormValue> & FormValue[];
      const slot = key === '' && Array.isArray(container) ? container.length : key;
      if (last) {
        container[slot as never] = value as never;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[i + 1] ?? '');
      if (container[slot as never] === undefined || typeof container[slot as never] === 'string')
        container[slot as never] = (nextIsIndex ? [] : {}) as never;
      node = container[slot as never] as unknown as Form | FormValue[];
    });
  }
  return root;
}

/** A field as a string; undefined when absent. */
export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** A field as a list (`a[0]=…&a[1]=…` or `a[]=…`); [] when absent. */
export const list = (v: FormValue | undefined): FormValue[] =>
  Array.isArray(v) ? v.filter((x) => x !== undefined) : v && typeof v === 'object' ? Object.values(v) : [];

/** A field as an object of strings (metadata); {} when absent. */
export function record(v: FormValue | undefined): Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (typeof x === 'string' ? [[k, x]] : [])));
}

/** Stripe's booleans arrive as 'true' / 'false'. */
export const bool = (v: FormValue | undefined): boolean | undefined =>
  v === 'true' ? true : v === 'false' ? false : undefined;

export function int(v: FormValue | undefined): number | undefined {
  const s = str(v);
  return s !== undefined && /^-?\d+$/.test(s) ? Number(s) : undefined;
}
