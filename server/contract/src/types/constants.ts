// The API's constants that a client shows or checks before it sends; plain values, no zod.

/** The partner-integration test page (SPEC §2: a route without login, linked for one configured user). */
export const PARTNER_TEST_ROUTE = '/integration/test';

/** The longest feedback message, in characters (the server refuses more with FEEDBACK_TOO_LONG). */
export const FEEDBACK_MAX_CHARS = 4000;
