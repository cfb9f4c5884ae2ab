import * as api from '../schemas/index.ts';
import { packDelivery, packSchedule, packScheduleRequest } from '../schemas/pack-schedules.ts';
import {
  packCreate,
  packPreview,
  packPreviewRequest,
  packSendRequest,
  packSnapshot,
  packUpdate,
  publicPackSnapshot,
  reportPack,
  snapshotChanges,
} from '../schemas/report-packs.ts';
import { json, list, notJson, route } from './define.ts';

const DESCRIPTION =
  "A board's report packs (issue 30): an ordered list of sections (cover, contents, the three statements, KPIs, a widget, notes, commentary with placeholders for live figures) in one language. Reading needs the view right on the board, changing a pack the edit right.";

const SCHEDULE =
  "A report pack's schedule (issue 30): each period's run renders the pack, freezes it as a snapshot and mails each recipient once, as jobs in the database that any process may run; a mail the SMTP server refuses is tried again with a growing wait, then the schedule's owner is told. Reading needs the view right on the board, changing the schedule the share right.";

const SAVE_ERRORS = {
  404: 'PACK_NOT_FOUND',
  409: 'PACK_LIMIT',
  422: 'PACK_PLACEHOLDER_UNKNOWN, PACK_WIDGET_NOT_FOUND, PACK_TOO_MANY_SECTIONS, PACK_TEXT_TOO_LONG',
} as const;

export const reportPackApi = {
  list: route({
    method: 'GET',
    path: '/report-packs/:groupId',
    tag: 'report-packs',
    summary: "The board's report packs, oldest first",
    description: DESCRIPTION,
    response: list(reportPack),
  }),
  create: route({
    method: 'POST',
    path: '/report-packs/:groupId',
    tag: 'report-packs',
    summary:
      "Make a report pack; with a name alone, the default pack (cover, contents, the three statements against last year, the board's KPIs, one commentary block) in the creator's language",
    description: DESCRIPTION,
    body: packCreate,
    response: json(reportPack, 201),
    errors: { 409: SAVE_ERRORS[409], 422: SAVE_ERRORS[422] },
  }),
  get: route({
    method: 'GET',
    path: '/report-packs/:groupId/:packId',
    tag: 'report-packs',
    summary: 'One report pack',
    description: DESCRIPTION,
    response: json(reportPack),
    errors: { 404: SAVE_ERRORS[404] },
  }),
  update: route({
    method: 'PUT',
    path: '/report-packs/:groupId/:packId',
    tag: 'report-packs',
    summary: 'Change a report pack; a field left out keeps its value, `sections` replaces them all',
    description: DESCRIPTION,
    body: packUpdate,
    response: json(reportPack),
    errors: { 404: SAVE_ERRORS[404], 422: SAVE_ERRORS[422] },
  }),
  delete: route({
    method: 'DELETE',
    path: '/report-packs/:groupId/:packId',
    tag: 'report-packs',
    summary: 'Delete a report pack',
    description: DESCRIPTION,
    response: json(api.deleted),
    errors: { 404: SAVE_ERRORS[404] },
  }),
  preview: route({
    method: 'POST',
    path: '/report-packs/:groupId/:packId/preview',
    tag: 'report-packs',
    summary:
      "Each section of the pack resolved for a period, in the pack's language: the commentary's placeholders filled in, with the figures each one used",
    description: DESCRIPTION,
    body: packPreviewRequest,
    response: json(packPreview),
    errors: { 400: 'INVALID_DATE_RANGE', 404: SAVE_ERRORS[404] },
  }),
  send: route({
    method: 'POST',
    path: '/report-packs/:groupId/:packId/send',
    tag: 'report-packs',
    summary:
      "Render the pack for a period, freeze it as a snapshot (the PDF's bytes, the figures it shows, the ledger version it read) and mail it under the firm's name to each recipient, with the PDF attached and a read-only link to the snapshot; needs the share right",
    description: DESCRIPTION,
    body: packSendRequest,
    response: json(packSnapshot, 201),
    errors: {
      400: 'INVALID_DATE_RANGE, VALIDATION_FAILED',
      404: SAVE_ERRORS[404],
      422: 'PACK_TOO_MANY_PAGES',
      429: 'SHARE_MAIL_LIMIT',
    },
  }),
  snapshots: route({
    method: 'GET',
    path: '/report-packs/:groupId/:packId/snapshots',
    tag: 'report-packs',
    summary: "The pack's sent snapshots, newest first",
    description: DESCRIPTION,
    response: list(packSnapshot),
  }),
  snapshot: route({
    method: 'GET',
    path: '/report-packs/:groupId/:packId/snapshots/:snapshotId',
    tag: 'report-packs',
    summary: 'The sent PDF, byte for byte as it was mailed, whatever has been synced since (application/pdf)',
    description: DESCRIPTION,
    response: notJson,
    answers: 'The PDF',
    errors: { 404: 'PACK_SNAPSHOT_NOT_FOUND' },
  }),
  changes: route({
    method: 'GET',
    path: '/report-packs/:groupId/:packId/snapshots/:snapshotId/changes',
    tag: 'report-packs',
    summary:
      'The figures of a sent pack whose live value for the same period now differs: each with the value then and now',
    description: DESCRIPTION,
    response: json(snapshotChanges),
    errors: { 404: 'PACK_SNAPSHOT_NOT_FOUND' },
  }),
  schedule: route({
    method: 'GET',
    path: '/report-packs/:groupId/:packId/schedule',
    tag: 'report-packs',
    summary: "The pack's schedule with the day it sends next, or null when it has none",
    description: SCHEDULE,
    response: json(packSchedule.nullable()),
    errors: { 404: SAVE_ERRORS[404] },
  }),
  setSchedule: route({
    method: 'PUT',
    path: '/report-packs/:groupId/:packId/schedule',
    tag: 'report-packs',
    summary:
      "Send the pack on a schedule: monthly, quarterly or every four months on `day` (1–28, default 5) of the month after the period, or monthly when the month's data is in ('when-booked'); to at most 20 recipients with the message; needs the share right",
    description: SCHEDULE,
    body: packScheduleRequest,
    response: json(packSchedule),
    errors: { 400: 'VALIDATION_FAILED', 404: SAVE_ERRORS[404] },
  }),
  deleteSchedule: route({
    method: 'DELETE',
    path: '/report-packs/:groupId/:packId/schedule',
    tag: 'report-packs',
    summary: "Stop the pack's schedule (what it sent stays on record); needs the share right",
    description: SCHEDULE,
    response: json(api.deleted),
    errors: { 404: 'PACK_NOT_FOUND, PACK_SCHEDULE_NOT_FOUND' },
  }),
  deliveries: route({
    method: 'GET',
    path: '/report-packs/:groupId/:packId/deliveries',
    tag: 'report-packs',
    summary:
      "Each mail the pack's sends made, newest first: the recipient, when it went, its state and the SMTP server's answer",
    description: SCHEDULE,
    response: list(packDelivery),
    errors: { 404: SAVE_ERRORS[404] },
  }),
  publicSnapshot: route({
    method: 'GET',
    path: '/public/pack-snapshots/:secret',
    tag: 'report-packs',
    summary:
      'A sent pack through the read-only link mailed with it (no login): the frozen PDF; 404 unknown, 410 expired',
    response: notJson,
    answers: 'The PDF',
    errors: { 404: 'PACK_SNAPSHOT_LINK_NOT_FOUND' },
  }),
  publicSnapshotInfo: route({
    method: 'GET',
    path: '/public/pack-snapshots/:secret/info',
    tag: 'report-packs',
    summary:
      "A sent pack's page through the mailed link (no login): its name, board, period, when it was sent, by which firm, and the PDF's hash; 404 unknown, 410 expired",
    response: json(publicPackSnapshot),
    errors: { 404: 'PACK_SNAPSHOT_LINK_NOT_FOUND' },
  }),
} as const;
