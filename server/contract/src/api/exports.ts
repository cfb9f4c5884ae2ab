import * as api from '../schemas/index.ts';
import { json, route } from './define.ts';

export const exportApi = {
  // The tables as JSON with format 'json'; a CSV, XLSX or PDF file otherwise; 'png': the PDF's pages as PNG images in a ZIP.
  export: route({
    method: 'POST',
    path: '/exports/:groupId',
    tag: 'exports',
    summary: "Export a board's selected widgets and report pages (csv, xlsx, pdf, png pages, or json tables)",
    description:
      'Amounts are whole units in the files (øre in the json tables); dates yyyy/mm/dd. At most 40 widgets and pages.',
    body: api.exportRequest,
    response: json(api.exportDocument),
  }),
} as const;
