/**
 * Issue 27, "Words": what counts as an English word in the Norwegian portal and a Norwegian word in the
 * English one. Two word lists of everyday interface words, each checked against the other language's
 * locale file (words.test.ts), so a hit is a label in the wrong language. What is in neither language is allowed explicitly and
 * kept small: product and format names, e-mail addresses, web addresses and figures.
 */

/** Names that are the same in both languages (products, formats, the demo data's own names). */
export const ALLOWED = [
  'Saldo',
  'Tripletex',
  'SAF-T',
  'Xledger',
  'Stripe',
  'EBITDA',
  'MRR',
  'PDF',
  'CSV',
  'PNG',
  'Excel',
  'XML',
  'NS 4102',
  'AI',
];

/** English interface words that are not Norwegian words. */
export const ENGLISH = new Set(
  `the and of or in is it can my we our do does with your you this that these those from into will would should
  could have has been was were not what which when where who why how there their they them here about after before
  please yet only each
  every than then also get save cancel delete remove edit change add close open show hide search select choose
  upload download export loading error failed retry try again settings account accounts board boards source
  sources report reports profit loss sheet cash flow customers customer suppliers supplier products product
  expenses revenue income invoice invoices subscription subscribe payment price prices trial billing welcome
  started company companies members member invite invitation role owner viewer editor consumer employee employees
  token key keys password email sign login logout user users name new next previous back today yesterday month
  months year years week help whats news share shared link links copy sent revoke expires never view views
  period periods compare comparison first sync synced syncing updated update language english norwegian terms
  conditions accept notes largest transactions turnover custom consolidation file files none yes continue done
  finished created deleted added day days free paid active cancelled ended past due`.split(/\s+/),
);

/** Norwegian interface words that are not English words. */
export const NORWEGIAN = new Set(
  `og ikke eller ingen denne dette disse som hva hvem hvor hvordan når til fra med uten være blir ble har
  lagre avbryt slett endre legg lukk søk velg vis skjul laster feilet prøv igjen innstillinger tavle tavlen tavler
  tavlene kilde kilden kilder kildene rapport rapporter resultatregnskap balanse balansen kontantstrøm kunder
  leverandører produkter kostnader faktura fakturaer fakturering abonnement betaling pris priser prøveperiode
  velkommen selskap selskapet medlemmer inviter invitasjon rolle eier leser redaktør nøkkel nøkler passord e-post
  logg ut bruker brukere navn ny nytt neste forrige tilbake dag måned måneder år uke hjelp delt
  lenke lenker kopier sendt trekk utløper aldri visning visninger periode perioder sammenlign sammenligning
  siste første synkroniser synkronisert oppdater oppdatert språk norsk engelsk vilkår vilkårene godtar notater
  største transaksjoner omsetning egne konsolidering fil filer ja fortsett ferdig opprettet slettet lagt dag dager
  gratis betalt aktiv oppsagt utløpt nøkkeltall dashbord konfigurasjon kolonne rader hent hentet`.split(/\s+/),
);

export type Language = 'nor' | 'en';

/**
 * The words of a text, lower-cased: without e-mail and web addresses, paths, the allowed names, and a
 * locale text's {{placeholders}} and <tags>.
 */
export function wordsOf(text: string): string[] {
  let rest = text
    .replace(/{{[^}]*}}|<\/?\w+>/g, ' ')
    .replace(/\S+@\S+\.\S+/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/\/\S*/g, ' ');
  for (const name of ALLOWED) rest = rest.split(name).join(' ');
  return (rest.match(/\p{L}[\p{L}'’-]*/gu) ?? []).map((w) => w.toLowerCase().replace(/[’']s$/, ''));
}

/** The words of `text` that belong to the other language than `lang`. */
export function foreignWords(text: string, lang: Language): string[] {
  const other = lang === 'nor' ? ENGLISH : NORWEGIAN;
  return wordsOf(text).filter((word) => other.has(word));
}
