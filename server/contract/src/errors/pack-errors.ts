import { packScheduleErrors } from './pack-schedule-errors.ts';

/** The error codes of report packs and their observations (issue 30), spread into errors.ts. */
export const packErrors = {
  ...packScheduleErrors,
  PACK_NOT_FOUND: { status: 404, en: 'The report pack was not found', no: 'Fant ikke rapportpakken' },
  /** A kept observation the period's proposal no longer holds (observations/routes.ts: the rewrite). */
  OBSERVATION_NOT_FOUND: {
    status: 404,
    en: 'No such observation for this board and period: propose them again',
    no: 'Det finnes ingen slik observasjon for denne tavlen og perioden: foreslå dem på nytt',
  },
  PACK_LIMIT: {
    status: 409,
    en: 'The board has 50 report packs, the most there may be: delete one first',
    no: 'Tavlen har 50 rapportpakker, som er det meste: slett en først',
  },
  PACK_PLACEHOLDER_UNKNOWN: {
    status: 422,
    en: 'A placeholder in the text names a figure, KPI or part that does not exist (its line and column are in the details)',
    no: 'En plassholder i teksten viser til et tall, nøkkeltall eller en del som ikke finnes (linje og kolonne står i detaljene)',
  },
  PACK_WIDGET_NOT_FOUND: {
    status: 422,
    en: 'A widget section names a widget the board does not have',
    no: 'En figurdel viser til en widget tavlen ikke har',
  },
  PACK_TOO_MANY_SECTIONS: {
    status: 422,
    en: 'A report pack holds at most 60 sections',
    no: 'En rapportpakke kan ha høyst 60 deler',
  },
  PACK_TOO_MANY_PAGES: {
    status: 422,
    en: 'The report pack would run to more than 100 pages: take out sections or choose a shorter period',
    no: 'Rapportpakken ville blitt over 100 sider: ta ut deler eller velg en kortere periode',
  },
  PACK_TEXT_TOO_LONG: {
    status: 422,
    en: 'A text of a report pack is at most 20 000 characters',
    no: 'En tekst i en rapportpakke kan ha høyst 20 000 tegn',
  },
  PACK_SNAPSHOT_NOT_FOUND: {
    status: 404,
    en: 'The sent report pack was not found',
    no: 'Fant ikke den sendte rapportpakken',
  },
  PACK_SNAPSHOT_LINK_NOT_FOUND: {
    status: 404,
    en: 'This link to a sent report is not valid',
    no: 'Denne lenken til en sendt rapport er ikke gyldig',
  },
  PACK_SNAPSHOT_LINK_EXPIRED: {
    status: 410,
    en: 'This link to a sent report has expired: ask the sender for a new one',
    no: 'Denne lenken til en sendt rapport er utløpt: be avsenderen om en ny',
  },
  PACK_SEND_FAILED: {
    status: 502,
    en: 'The report pack could not be mailed to every recipient; nothing was recorded as sent',
    no: 'Rapportpakken kunne ikke sendes til alle mottakerne; ingenting er registrert som sendt',
  },
} as const satisfies Record<string, { status: number; en: string; no: string }>;
