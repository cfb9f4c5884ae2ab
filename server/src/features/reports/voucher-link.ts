/**
 * The address of a voucher in its source's own web app, where the source has one: Tripletex opens a
 * voucher by its id at /execute/voucherMenu (the link its API itself gives as GO_TO_VOUCHER), on the
 * origin of the API (tripletex.no for https://tripletex.no/v2). SAF-T files and the demo have none.
 */
export function voucherLink(tripletexBaseUrl: string): (provider: string, ref: string | null) => string | null {
  let origin: string | null = null;
  try {
    origin = new URL(tripletexBaseUrl).origin;
  } catch {
    origin = null;
  }
  return (provider, ref) =>
    provider === 'tripletex' && ref && origin
      ? `${origin}/execute/voucherMenu?voucherId=${encodeURIComponent(ref)}`
      : null;
}
