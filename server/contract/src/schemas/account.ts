/** Sign-in, the profile, the server's health, admin, billing, exports, the assistant and help: response schemas (types in ../types.ts). */
import { z } from 'zod';
import { columnKind, lang, localizedText, ore, userLanguage } from './common.ts';

export const menuEntry = z.strictObject({
  name: z.enum([
    'Dashboard',
    'Cashflow',
    'ProfitLoss',
    'ApiAccount',
    'BalanceSheet',
    'Profile',
    'GroupAccount',
    'SyncBoard',
    'Admin',
    'Customer',
    'PartnerIntegrationTest',
  ]),
  menuName: z.string(),
  route: z.string(),
  order: z.number().int(),
  permissions: z.array(z.string()),
});

const tokenPairShape = { jwtToken: z.string(), refreshToken: z.string() };

/** POST /api/auth/refresh-token */
export const refreshResponse = z.strictObject(tokenPairShape);

export const loginResponse = z.strictObject({
  ...tokenPairShape,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isVerified: z.boolean(),
  role: z.strictObject({ name: z.string() }),
  menu: z.array(menuEntry),
  isFirstLoggedIn: z.boolean(),
  id: z.string(),
  warning: z.strictObject({ message: z.string() }).optional(),
});

/**
 * POST /api/auth/signup. The token pair only for a signup from an invitation (its link proved the
 * address); any other signup is signed in only after the address is verified.
 */
export const signupResponse = z.strictObject({
  jwtToken: z.string().optional(),
  refreshToken: z.string().optional(),
  firstName: z.string(),
  email: z.string(),
});

/** An e-mail written to the local outbox (no SMTP_URL): for following links in development and tests. */
export const outboxMessage = z.strictObject({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Links found in the message, in order (verification and reset links among them). */
  links: z.array(z.string()),
  createdAt: z.string(),
});

/** PATCH /api/profile/password: other sessions end, so the caller gets a fresh token pair. */
export const passwordChangeResponse = z.strictObject({ isUpdated: z.literal(true), ...tokenPairShape });

export const profile = z.strictObject({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** URL of the avatar image (served by the API), or null. */
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
  role: z.strictObject({ name: z.string() }),
  menu: z.array(menuEntry),
  language: userLanguage,
});

/** What a SuperAdmin sees of /api/health. */
export const healthDetails = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  database: z.strictObject({
    ok: z.boolean(),
    url: z.string(),
    migrations: z.number().int(),
    error: z.string().optional(),
  }),
});

/**
 * Present (true) only where GET /api/dev/outbox would answer this caller: the install's development
 * outbox is on and the caller is on this machine. The portal asks here, so a server without the outbox
 * never sees (nor logs) a request for it.
 */
const devOutbox = z.literal(true).optional();

/** /api/health: everyone sees the status; only a SuperAdmin sees the database details. */
export const healthResponse = z.union([
  z.strictObject({ status: healthDetails.shape.status, devOutbox }),
  healthDetails.extend({ devOutbox }),
]);

/** The answers that only say a thing was done. */
export const loggedOut = z.strictObject({ isLoggedOut: z.literal(true) });
export const mailSent = z.strictObject({ isSent: z.literal(true) });
export const passwordReset = z.strictObject({ isReset: z.literal(true) });
export const deleted = z.strictObject({ isDeleted: z.literal(true) });
export const sent = z.strictObject({ sent: z.literal(true) });
/** PATCH /api/auth/account/verify: the spec's bare `true`. */
export const verified = z.literal(true);

/**
 * A user's plan: a trial (until trialEndsAt), free use granted by a super admin, or paid (the account
 * has a subscription; billing's subscriptions decide, server/src/features/billing/).
 */
export const userPlan = z.enum(['trial', 'free', 'paid']);

/**
 * The spec's user status (on trial, trial ended, active, deactivated), with a subscription's own
 * states: past due, cancelled (still active until its period ends) and ended. Derived from status,
 * plan, trialEndsAt and the latest subscription (server/src/features/admin/lifecycle.ts).
 */
export const lifecycleStatus = z.enum([
  'trial',
  'trialEnded',
  'active',
  'pastDue',
  'cancelled',
  'ended',
  'deactivated',
]);

/**
 * GET /api/admin/summary, counted from the users and their subscriptions. trial + trialEnded + paying +
 * cancelled + free + deactivated = users: a deactivated account counts only as deactivated, whatever
 * its plan. paying: an active or past-due subscription; cancelled: one cancelled (running to its
 * period's end) or ended.
 */
export const adminSummary = z.strictObject({
  companies: z.number().int(),
  users: z.number().int(),
  trial: z.number().int(),
  trialEnded: z.number().int(),
  paying: z.number().int(),
  cancelled: z.number().int(),
  free: z.number().int(),
  deactivated: z.number().int(),
});

/** One row of GET /api/admin/users (and the answer of the PATCH routes on a user). */
export const adminUser = z.strictObject({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  role: z.string(),
  status: z.enum(['active', 'deactivated']),
  plan: userPlan,
  trialEndsAt: z.string().nullable(),
  lifecycleStatus,
  isVerified: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** API accounts the user owns */
  apiCount: z.number().int(),
  /** boards (companies) the user owns */
  boardCount: z.number().int(),
});

/** GET /api/admin/registrations?from=yyyy-mm-dd&to=yyyy-mm-dd */
export const adminRegistrations = z.strictObject({
  from: z.string(),
  to: z.string(),
  /** every month of the range, oldest first, months without signups included */
  months: z.array(z.strictObject({ month: z.string(), registrations: z.number().int(), verified: z.number().int() })),
  /** newest first */
  users: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      companyName: z.string().nullable(),
      createdAt: z.string(),
      isVerified: z.boolean(),
      integrationPartnerId: z.string().nullable(),
    }),
  ),
});

/** One row of GET /api/admin/companies: a board of any user. */
export const adminCompany = z.strictObject({
  _id: z.string(),
  name: z.string(),
  owner: z.strictObject({ id: z.string(), name: z.string(), email: z.string() }),
  apiCount: z.number().int(),
  lastSyncedAt: z.string().nullable(),
  /** widgets on the board and on its sub-boards */
  widgetCount: z.number().int(),
  hasPublicLink: z.boolean(),
  createdAt: z.string(),
});

/** GET /api/admin/companies/{id}. No key material of the API accounts, ever. */
export const adminCompanyDetail = z.strictObject({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  hasPublicLink: z.boolean(),
  owner: adminUser,
  apiAccounts: z.array(
    z.strictObject({
      _id: z.string(),
      name: z.string(),
      provider: z.enum(['demo', 'tripletex', 'saft']),
      type: z.enum(['integration', 'manual']),
      lastSyncedAt: z.string().nullable(),
      /** the key was rejected or has expired */
      isInvalid: z.boolean(),
    }),
  ),
  subBoardCount: z.number().int(),
  widgetCount: z.number().int(),
});

export const exportTable = z.strictObject({
  title: z.string(),
  columns: z.array(z.string()),
  /**
   * per column: 'text' | 'amount' (whole kroner, as shown: a statement's figures footed so each column
   * adds up) | 'number' | 'percent' (e.g. 41.2 for 41,2 %) | 'ratio' (a plain ratio, two decimals:
   * 1.25) | 'date' (ISO)
   */
  kinds: z.array(columnKind),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  note: z.string().optional(),
});

/** POST /api/exports/{groupId} with format 'json': the tables the files are written from (the portal draws the PNG). */
export const exportDocument = z.strictObject({
  board: z.string(),
  /** The name every format's file takes, without its extension: `<board>-<startDate>-<endDate>`. */
  fileName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  lang,
  tables: z.array(exportTable),
});

/** A saved assistant answer (ai_query.answer); the SDK's <saldo-ai-widget> shows its `text`. */
export const aiQueryAnswer = z.strictObject({
  text: z.string(),
  /** The model that answered. */
  model: z.string(),
  /** The period whose data the answer was given from (ISO dates). */
  startDate: z.string(),
  endDate: z.string(),
});

/** A saved question and its answer: POST …/ask (201), GET …/questions; the same shape as GET /api/widgets/ai. */
export const aiQueryResponse = z.strictObject({
  _id: z.string(),
  question: z.string(),
  answer: aiQueryAnswer,
  /** ISO timestamp */
  createdAt: z.string(),
});

/** GET /api/feedback/status: false when the server has no address for feedback (SALDO_FEEDBACK_EMAIL). */
export const feedbackStatus = z.strictObject({ enabled: z.boolean() });

/** GET /api/assistant/status: false when the server has no LLM set up (LLM_BASE_URL and LLM_API_KEY). */
export const assistantStatus = z.strictObject({ enabled: z.boolean() });

/**
 * Where an account stands (server/src/features/billing/state.ts): on its 14-day trial, trial ended,
 * free use granted by a super admin, or by its subscription: active, past due (a payment failed;
 * Stripe retries), cancelled (active until its period's end), ended. trialEnded and ended are
 * read-only: the account's boards can be read, not changed.
 */
export const billingState = z.enum(['trial', 'trialEnded', 'free', 'active', 'pastDue', 'cancelled', 'ended']);

/** GET /api/billing/plans: the plans of the billing configuration, monthly, in NOK. */
export const billingPlan = z.strictObject({
  id: z.string(),
  name: localizedText,
  description: localizedText,
  /** 'company': one price for the account; 'board': the price for each board the account owns. */
  unit: z.enum(['company', 'board']),
  currency: z.literal('NOK'),
  interval: z.literal('month'),
  vatPercent: z.number(),
  /** A month for one unit, in øre, without and with VAT. */
  priceExclVat: ore,
  priceInclVat: ore,
});

/** The subscription part of GET /api/billing/subscription. */
export const subscriptionInfo = z.strictObject({
  planId: z.string(),
  /** Units billed: 1 for a company plan, the boards for a per-board plan. */
  quantity: z.number().int(),
  /** Stripe's status: active, past_due, canceled, … */
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** The end of the paid period: the next renewal, or the end of a cancelled subscription. */
  currentPeriodEnd: z.string(),
  endedAt: z.string().nullable(),
  /** A month at the current plan and quantity, in øre. */
  amountExclVat: ore,
  amountInclVat: ore,
});

/** An owner whose plan covers a member's use of their boards (GET /api/billing/subscription `owners`). */
export const billingOwner = z.strictObject({ name: z.string(), email: z.string(), readOnly: z.boolean() });

/** GET /api/billing/subscription (and the answer of checkout's return, cancel, reactivate, change-plan). */
export const billingStatus = z.strictObject({
  state: billingState,
  /** Changes to the account's boards are refused until it subscribes (trialEnded, ended). */
  readOnly: z.boolean(),
  trialEndsAt: z.string().nullable(),
  /** False when this server has no payment provider set up: nothing can be bought. */
  enabled: z.boolean(),
  subscription: subscriptionInfo.nullable(),
  /** Boards the account owns: what a per-board plan bills for. */
  boards: z.number().int(),
  /** Past due: the page where the open invoice can be paid with another card; null otherwise. */
  payUrl: z.string().nullable(),
  /**
   * Who pays for what the user uses. 'self': this account (the fields above). 'owners': a member of
   * boards others own, with no board or source of their own, pays nothing: the plans of `owners` count,
   * and the page shows no prices and no trial (trialEndsAt is then null).
   */
  payer: z.enum(['self', 'owners']),
  /** The owners whose plans cover the user ('owners'), and whether each one's boards are read-only now. */
  owners: z.array(billingOwner),
});

/** POST /api/billing/checkout: the payment provider's checkout page to send the browser to. */
export const checkoutResponse = z.strictObject({ url: z.string() });

/** One row of GET /api/billing/invoices (the order history), newest first. */
export const billingInvoice = z.strictObject({
  invoiceNumber: z.string(),
  /** yyyy-mm-dd */
  date: z.string(),
  /** The plan's id, and its name, when the invoice is for a known plan. */
  plan: z.string().nullable(),
  planName: localizedText.nullable(),
  /** What was (or is to be) paid, VAT included, in øre. */
  amount: ore,
  amountExclVat: ore,
  vat: ore,
  status: z.enum(['paid', 'open', 'void', 'uncollectible']),
  /** The invoice as a PDF, served by the payment provider. */
  pdfUrl: z.string().nullable(),
});

/** POST /api/billing/webhook: Stripe's event taken (a duplicate is taken once). */
export const webhookReceived = z.strictObject({ received: z.literal(true), duplicate: z.boolean() });

/** POST /api/sync-board: the syncs queued. */
/**
 * A single-use ticket that opens one progress stream (GET /api/sync-board/progress?ticket=…) for about a
 * minute: an EventSource cannot send headers, and an access token does not belong in a URL.
 */
export const progressTicket = z.strictObject({ ticket: z.string(), expiresAt: z.string() });

export const syncQueued = z.strictObject({
  groupId: z.string(),
  apiIds: z.array(z.string()),
  jobs: z.array(z.strictObject({ _id: z.string(), apiAccountId: z.string(), status: z.string() })),
});
