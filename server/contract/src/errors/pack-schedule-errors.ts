/** The error codes of report-pack schedules (issue 30), spread into pack-errors.ts. */
export const packScheduleErrors = {
  PACK_SCHEDULE_NOT_FOUND: {
    status: 404,
    en: 'The report pack has no schedule',
    no: 'Rapportpakken har ingen tidsplan',
  },
} as const satisfies Record<string, { status: number; en: string; no: string }>;
