import { FIRM_LOGO_MAX_BYTES } from '@saldo/contract';
import { firmApi } from '@saldo/contract/api/firm';
import { menu, on, PUBLIC, write } from '../../access/rules.ts';
import { uploadLimit } from '../../http/body-limit.ts';
import { ApiError } from '../../http/errors.ts';
import { type RouteContext, type RouteDeps, serve } from '../../http/serve.ts';
import { mailName } from '../../mail/templates.ts';
import { audited, whoOf } from '../audit/record.ts';
import { storableImage } from '../profile/avatar.ts';
import { liveShare } from '../sharing/links.ts';
import { LOGO_CONTENT_TYPE } from './branding.ts';
import { editableFirm, firmOfCall } from './firm-of.ts';
import { logoOf, ownersOfBoards, saveProfile, setLogo } from './queries.ts';
import { firmView } from './view.ts';

/** Read by any member of the firm (of the board named, if one is); changed by its owner and Admins. */
const READ = menu('GroupAccount', on('query:groupId', 'view'));
const CHANGE = write('GroupAccount', on('query:groupId', 'share'));

const now = (deps: RouteDeps) => deps.now?.() ?? Date.now();

/** A logo as an image answer: never sniffed, and an SVG one can run nothing even opened on its own. */
const logoAnswer = (logo: { bytes: Uint8Array; type: 'png' | 'svg' }, cache: string) =>
  new Response(new Uint8Array(logo.bytes), {
    headers: {
      'content-type': LOGO_CONTENT_TYPE[logo.type],
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'cache-control': cache,
    },
  });

/** The logo a firm's upload carries, as it may be stored: a PNG by its bytes or a sanitised SVG, at most 1 MB. */
async function uploadedLogo(c: RouteContext<typeof firmApi.uploadLogo>) {
  const form = await c.req.parseBody().catch(() => null);
  const file = form?.logo;
  if (!(file instanceof File)) throw new ApiError('VALIDATION_FAILED');
  if (file.size > FIRM_LOGO_MAX_BYTES) throw new ApiError('FIRM_LOGO_TOO_LARGE');
  const image = storableImage(new Uint8Array(await file.arrayBuffer()));
  if (!image || image.type === 'jpg') throw new ApiError('FIRM_LOGO_TYPE');
  if (image.bytes.byteLength > FIRM_LOGO_MAX_BYTES) throw new ApiError('FIRM_LOGO_TOO_LARGE');
  return { bytes: image.bytes, type: image.type };
}

/**
 * A firm's profile (issue 30). The route table checks the board a call names (`groupId`); a call that
 * names none is about the caller's own firm, where firm-of.ts decides. Every change is audited in its
 * own transaction: the profile and its record are written together or not at all.
 */
export const firmRoutes = [
  serve(firmApi.get, READ, async (c, deps) => {
    const firm = await firmOfCall(deps.db, c.get('user').id, c.req.valid('query').groupId);
    return c.json(await firmView(deps.db, firm));
  }),
  serve(firmApi.update, CHANGE, async (c, deps) => {
    const caller = c.get('user');
    const firm = await editableFirm(deps.db, caller.id, c.req.valid('query').groupId);
    const body = c.req.valid('json');
    const senderName = body.senderName || null;
    // A sender name stands in the From of every mail: nothing there may read as an address.
    if (senderName && mailName(senderName) !== senderName.replace(/\s+/g, ' '))
      throw new ApiError('FIRM_SENDER_NAME_INVALID');
    const fields = { ...body, senderName, replyTo: body.replyTo || null };
    await audited(
      deps.db,
      whoOf(c, now(deps)),
      (tx) => saveProfile(tx, firm.firmId, fields, caller.id, new Date(now(deps))),
      () => ({
        action: 'firm.profile_changed',
        groupId: null,
        target: { firmId: firm.firmId, name: fields.name, orgNumber: fields.orgNumber },
      }),
    );
    return c.json(await firmView(deps.db, firm));
  }),
  serve(firmApi.logo, READ, async (c, deps) => {
    const { firmId } = await firmOfCall(deps.db, c.get('user').id, c.req.valid('query').groupId);
    const logo = await logoOf(deps.db, firmId);
    if (!logo) throw new ApiError('FIRM_LOGO_NOT_FOUND');
    return logoAnswer(logo, 'private, no-cache');
  }),
  serve(
    firmApi.uploadLogo,
    CHANGE,
    async (c, deps) => {
      const caller = c.get('user');
      const firm = await editableFirm(deps.db, caller.id, c.req.valid('query').groupId);
      const logo = await uploadedLogo(c);
      await audited(
        deps.db,
        whoOf(c, now(deps)),
        async (tx) => {
          if (!(await setLogo(tx, firm.firmId, logo, caller.id, new Date(now(deps)))))
            throw new ApiError('FIRM_PROFILE_MISSING');
        },
        () => ({
          action: 'firm.logo_changed',
          groupId: null,
          target: { firmId: firm.firmId, type: logo.type, bytes: logo.bytes.byteLength },
        }),
      );
      return c.json(await firmView(deps.db, firm));
    },
    uploadLimit(FIRM_LOGO_MAX_BYTES, 'FIRM_LOGO_TOO_LARGE'),
  ),
  serve(firmApi.deleteLogo, CHANGE, async (c, deps) => {
    const caller = c.get('user');
    const firm = await editableFirm(deps.db, caller.id, c.req.valid('query').groupId);
    await audited(
      deps.db,
      whoOf(c, now(deps)),
      (tx) => setLogo(tx, firm.firmId, null, caller.id, new Date(now(deps))),
      // Nothing saved, nothing removed: no record.
      (changed) =>
        changed ? { action: 'firm.logo_changed', groupId: null, target: { firmId: firm.firmId, type: null } } : [],
    );
    return c.json(await firmView(deps.db, firm));
  }),
  // The public link's page shows its board's firm's logo: a visitor of a live link gets the logo, nothing more.
  serve(firmApi.publicLogo, PUBLIC, async (c, deps) => {
    const share = await liveShare(deps.db, c.req.param('boardId'), now(deps));
    const [firmId] = await ownersOfBoards(deps.db, [share.boardId]);
    const logo = firmId ? await logoOf(deps.db, firmId) : undefined;
    if (!logo) throw new ApiError('FIRM_LOGO_NOT_FOUND');
    // Asked again on every view: a revoked or expired link shows no logo from a cache either.
    return logoAnswer(logo, 'private, no-cache');
  }),
];
