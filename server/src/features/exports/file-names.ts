// How exported and sent files are named and dated: the day in Norway, and a name as a file's.

/** The day in Norway, yyyy-mm-dd. */
export const osloDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

/** 'Nordlys Energiteknikk AS' → 'nordlys-energiteknikk-as'; æøå spelled out, anything else dropped. */
export function slug(name: string): string {
  const value = name
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return value || 'board';
}
