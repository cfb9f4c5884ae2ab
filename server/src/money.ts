// Money is integer øre everywhere; this formats it for messages meant for people.

/** `123456789` øre → `1 234 567.89` (space groups thousands, as the user reads it in a message). */
export function formatNok(ore: number): string {
  const negative = ore < 0;
  const abs = Math.abs(ore);
  const kroner = Math.floor(abs / 100).toString();
  const cents = (abs % 100).toString().padStart(2, '0');
  const grouped = kroner.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${negative ? '-' : ''}${grouped}.${cents}`;
}
