import { helpApi } from '@saldo/contract/api/help';
import { serve } from '../../http/serve.ts';

/**
 * The local mail outbox, for following verification and reset links while developing without SMTP.
 * Mail holds reset links, so reading it is taking over accounts: the route exists only when the
 * install turns it on (SALDO_DEV_OUTBOX=1: `npm run dev` and the browser tests), only while mail
 * goes to the outbox, and only for callers on this machine. `npm start` prints the links to its log.
 */
export const devRoutes = [
  serve(helpApi.outbox, { kind: 'loopback' }, async (c, deps) => c.json(await deps.mailer.outbox!.list()), {
    when: (deps) => !!deps.devOutbox && !!deps.mailer.outbox,
  }),
];
