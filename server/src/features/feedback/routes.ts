import type { FeedbackStatus } from '@saldo/contract';
import { helpApi } from '@saldo/contract/api/help';
import { hitLimit, releaseLimit } from '../../access/rate-limit.ts';
import { USER } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { feedbackMail } from '../../mail/templates.ts';
import { log } from '../../ops/log.ts';
import { userById } from '../profile/queries.ts';

/**
 * The portal's feedback and bug-report form: mailed through the install's mail transport to the address
 * it configures (SALDO_FEEDBACK_EMAIL), never stored. Each mail reaches a person, so each user has an
 * hourly and a daily limit; a mail that could not be sent does not count against them.
 */
/** What the handlers share, built once per app from its deps. */
const shared = perApp((deps: RouteDeps) => {
  const { db } = deps;
  return { db };
});

export const feedbackRoutes = [
  serve(helpApi.feedbackStatus, USER, (c, deps) => {
    const body: FeedbackStatus = { enabled: deps.feedbackEmail !== null };
    return c.json(body);
  }),
  serve(helpApi.feedback, USER, async (c, deps) => {
    const { db } = shared(deps);
    const to = deps.feedbackEmail;
    if (!to) throw new ApiError('FEEDBACK_NOT_CONFIGURED');
    const body = c.req.valid('json');
    const userId = c.get('user').id;
    const at = deps.now?.() ?? Date.now();
    const keys = [`feedback:hour:${userId}`, `feedback:day:${userId}`] as const;
    await hitLimit(db, keys[0], deps.limits.feedbackPerUserHour, at, 'FEEDBACK_RATE_LIMITED');
    await hitLimit(db, keys[1], deps.limits.feedbackPerUserDay, at, 'FEEDBACK_RATE_LIMITED').catch(
      async (err: unknown) => {
        await releaseLimit(db, keys[0], at);
        throw err;
      },
    );
    const row = await userById(db, userId);
    if (!row) throw new ApiError('UNAUTHORIZED');
    const mail = feedbackMail(to, {
      kind: body.kind,
      message: body.message,
      page: body.page,
      user: {
        id: row.id,
        name: `${row.firstName} ${row.lastName}`.trim() || row.name,
        email: row.email,
        language: row.language,
      },
      userAgent: c.req.header('user-agent')?.slice(0, 300),
      at: new Date(at),
    });
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      log.error({ err }, 'Feedback could not be mailed');
      for (const key of keys) await releaseLimit(db, key, at);
      throw new ApiError('ERROR_SENDING_FEEDBACK');
    }
    return c.json({ sent: true }, 201);
  }),
];
