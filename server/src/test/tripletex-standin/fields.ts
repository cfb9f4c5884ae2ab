/**
 * Tripletex's `fields` filter: `id,name`, `account(number,name)`, `*`, `*,voucher(*)`. Without
 * sub-fields a referenced resource is answered as `{ id, url }`, as the real API does, so a client
 * that forgets to ask for a field it maps finds it missing here too.
 */
export type FieldSpec = Map<string, FieldSpec | null>;

export function parseFields(text: string): FieldSpec | undefined {
  const trimmed = text.replace(/\s+/g, '');
  if (trimmed === '') return undefined;
  let i = 0;
  const parseList = (): FieldSpec => {
    const spec: FieldSpec = new Map();
    while (i < trimmed.length) {
      let name = '';
      while (i < trimmed.length && !',()'.includes(trimmed[i]!)) name += trimmed[i++];
      let sub: FieldSpec | null = null;
      if (trimmed[i] === '(') {
        i += 1;
        sub = parseList();
        if (trimmed[i] !== ')') throw new Error(`Unbalanced parentheses in fields: ${text}`);
        i += 1;
      }
      if (name) spec.set(name, sub);
      if (trimmed[i] === ',') {
        i += 1;
        continue;
      }
      break;
    }
    return spec;
  };
  const spec = parseList();
  if (i !== trimmed.length) throw new Error(`Unexpected ${trimmed[i]} in fields: ${text}`);
  return spec;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const resourcePaths: Record<string, string> = {
  account: 'ledger/account',
  voucher: 'ledger/voucher',
  customer: 'customer',
  supplier: 'supplier',
  product: 'product',
  employee: 'employee',
};

function reference(key: string, v: Record<string, unknown>, baseUrl: string): Record<string, unknown> {
  return 'id' in v ? { id: v.id, url: `${baseUrl}/${resourcePaths[key] ?? key}/${String(v.id)}` } : v;
}

/** Applies a fields filter to one resource; `undefined` means Tripletex's default (all own fields, references as ids). */
export function applyFields(value: Record<string, unknown>, spec: FieldSpec | undefined, baseUrl: string): unknown {
  const out: Record<string, unknown> = {};
  const all = !spec || spec.has('*');
  const keys = all ? Object.keys(value) : [...spec.keys()];
  for (const key of keys) {
    if (key === '*' || !(key in value)) continue;
    const v = value[key];
    const sub = spec?.get(key) ?? null;
    if (isObject(v)) out[key] = sub ? applyFields(v, sub, baseUrl) : reference(key, v, baseUrl);
    else if (Array.isArray(v))
      out[key] = v.map((item) =>
        isObject(item) ? (sub ? applyFields(item, sub, baseUrl) : reference(key, item, baseUrl)) : item,
      );
    else out[key] = v;
  }
  return out;
}
