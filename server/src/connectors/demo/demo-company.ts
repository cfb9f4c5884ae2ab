// The demo company: its name, the seed its generator starts from, and the months it covers. The seeded
// demo user's board and a first run's "Prøv demoen" read the same company from here.

export const DEMO_COMPANY = 'Nordlys Energiteknikk AS';
/** The demo company's generator seed: the same company (and figures) for the seeded user and a first run's demo. */
export const DEMO_SEED = 4102;

/** The demo period: from January two years back to the last full month, so there are 24+ months. */
export function demoPeriod(today: Date): { fromMonth: string; toMonth: string } {
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  return {
    fromMonth: `${today.getUTCFullYear() - 2}-01`,
    toMonth: `${last.getUTCFullYear()}-${String(last.getUTCMonth() + 1).padStart(2, '0')}`,
  };
}
