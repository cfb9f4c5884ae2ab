import { formatMoney } from '@saldo/contract/numbers/format';
import PDFDocument from 'pdfkit';
import { escapeHtml } from '../../mail/templates.ts';
import type { CheckoutSession, Invoice, State } from './objects.ts';

/**
 * The stand-in's hosted pages, in the spirit of Stripe's: Checkout (card form, order summary with
 * VAT) and the hosted invoice page (pay an open invoice with another card), plain HTML forms with a
 * stylesheet and no script, and each invoice as a PDF.
 */

const TEXT = {
  en: {
    title: 'Subscribe',
    test: 'TEST MODE · Stripe stand-in',
    perMonth: 'per month',
    subtotal: 'Subtotal',
    vat: 'VAT',
    total: 'Total due today',
    email: 'E-mail',
    card: 'Card number',
    expiry: 'Expiry (MM / YY)',
    cvc: 'CVC',
    name: 'Name on card',
    pay: 'Subscribe',
    back: '← Back',
    cards: 'Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0341 is declined; 4000 0000 0000 0002 is declined.',
    invoice: 'Invoice',
    status: 'Status',
    payInvoice: 'Pay invoice',
    paid: 'This invoice is paid.',
    download: 'Download PDF',
    expired: 'This checkout has expired.',
  },
  nb: {
    title: 'Abonner',
    test: 'TESTMODUS · Stripe-stand-in',
    perMonth: 'per måned',
    subtotal: 'Delsum',
    vat: 'MVA',
    total: 'Å betale i dag',
    email: 'E-post',
    card: 'Kortnummer',
    expiry: 'Utløper (MM / ÅÅ)',
    cvc: 'CVC',
    name: 'Navn på kortet',
    pay: 'Abonner',
    back: '← Tilbake',
    cards: 'Testkort: 4242 4242 4242 4242 betaler; 4000 0000 0000 0341 avvises; 4000 0000 0000 0002 avvises.',
    invoice: 'Faktura',
    status: 'Status',
    payInvoice: 'Betal fakturaen',
    paid: 'Fakturaen er betalt.',
    download: 'Last ned PDF',
    expired: 'Denne betalingen er utløpt.',
  },
} as const;

type Lang = keyof typeof TEXT;
const langOf = (locale: string | null | undefined): Lang => (locale === 'en' ? 'en' : 'nb');

/** 60000 øre → "600,00 kr" */
export const kroner = (ore: number) =>
  `${(ore / 100).toLocaleString('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kr`;

export const STYLESHEET = `
body { font-family: system-ui, sans-serif; background: #f6f9fc; color: #1a1f36; margin: 0; }
main { max-width: 880px; margin: 40px auto; display: grid; grid-template-columns: 1fr 1fr; gap: 48px; padding: 0 24px; }
.badge { display: inline-block; background: #ffde92; color: #6b4e00; font-size: 12px; font-weight: 600; padding: 2px 8px; border-radius: 4px; }
h1 { font-size: 20px; } .price { font-size: 32px; font-weight: 700; } .muted { color: #697386; }
table { width: 100%; border-collapse: collapse; } td { padding: 6px 0; } td:last-child { text-align: right; }
tr.total td { border-top: 1px solid #e3e8ee; font-weight: 600; }
form label { display: block; font-size: 14px; margin: 12px 0 4px; }
input { width: 100%; box-sizing: border-box; padding: 10px; border: 1px solid #cfd7df; border-radius: 6px; font-size: 16px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
button { margin-top: 20px; width: 100%; padding: 12px; background: #635bff; color: #fff; border: 0; border-radius: 6px; font-size: 16px; cursor: pointer; }
.error { background: #fde8e8; color: #b42318; padding: 10px; border-radius: 6px; margin-top: 12px; }
.hint { font-size: 12px; color: #697386; margin-top: 16px; }
a { color: #635bff; }
`;

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang === 'en' ? 'en' : 'nb'}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/standin.css"></head><body><main>${body}</main></body></html>`;
}

function cardForm(lang: Lang, action: string, email: string | null, button: string, error: string | null): string {
  const t = TEXT[lang];
  return `<form method="post" action="${escapeHtml(action)}">
<label for="email">${t.email}</label><input id="email" name="email" value="${escapeHtml(email ?? '')}" readonly>
<label for="card">${t.card}</label><input id="card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="expiry">${t.expiry}</label><input id="expiry" name="expiry" placeholder="12 / 34" required></div>
<div><label for="cvc">${t.cvc}</label><input id="cvc" name="cvc" placeholder="123" required></div></div>
<label for="name">${t.name}</label><input id="name" name="name" autocomplete="cc-name">
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<button type="submit">${escapeHtml(button)}</button>
<p class="hint">${t.cards}</p></form>`;
}

function summary(lang: Lang, rows: Array<[string, number]>, subtotal: number, tax: number, total: string): string {
  const t = TEXT[lang];
  return `<table>${rows.map(([label, amount]) => `<tr><td>${escapeHtml(label)}</td><td>${kroner(amount)}</td></tr>`).join('')}
<tr><td>${t.subtotal}</td><td>${kroner(subtotal)}</td></tr><tr><td>${t.vat}</td><td>${kroner(tax)}</td></tr>
<tr class="total"><td>${total}</td><td>${kroner(subtotal + tax)}</td></tr></table>`;
}

export function checkoutPage(state: State, session: CheckoutSession, error: string | null = null): string {
  const lang = langOf(session.locale);
  const t = TEXT[lang];
  if (session.status === 'expired') return page(lang, t.expired, `<section><h1>${t.expired}</h1></section>`);
  const rows = session.standin.lines.map((line): [string, number] => {
    const price = state.prices[line.price]!;
    const name = state.products[price.product]?.name ?? 'Product';
    return [`${name} × ${line.quantity}`, (price.unit_amount ?? 0) * line.quantity];
  });
  const customer = state.customers[session.customer];
  const total = session.amount_total ?? 0;
  const subtotal = session.amount_subtotal ?? 0;
  return page(
    lang,
    t.title,
    `<section><p><a href="${escapeHtml(session.cancel_url ?? '/')}">${t.back}</a></p><span class="badge">${t.test}</span>
<h1>${t.title}</h1><p class="price" data-testid="checkout-total">${kroner(total)} <span class="muted">${t.perMonth}</span></p>
${summary(lang, rows, subtotal, total - subtotal, t.total)}</section>
<section>${cardForm(lang, `/c/pay/${session.id}`, customer?.email ?? null, t.pay, error)}</section>`,
  );
}

export function invoicePage(invoice: Invoice, lang: Lang, error: string | null = null): string {
  const t = TEXT[lang];
  const rows = invoice.lines.data.map((l): [string, number] => [l.description, l.amount]);
  const tax = invoice.total - invoice.subtotal;
  return page(
    lang,
    `${t.invoice} ${invoice.number ?? ''}`,
    `<section><span class="badge">${t.test}</span><h1>${t.invoice} ${escapeHtml(invoice.number ?? '')}</h1>
<p>${t.status}: <strong data-testid="invoice-status">${escapeHtml(invoice.status ?? '')}</strong></p>
${summary(lang, rows, invoice.subtotal, tax, t.total)}<p><a href="/invoice/${invoice.id}/pdf">${t.download}</a></p></section>
<section>${invoice.status === 'open' ? cardForm(lang, `/i/${invoice.id}`, invoice.customer_email, t.payInvoice, error) : `<p>${t.paid}</p>`}</section>`,
  );
}

export { langOf };

/**
 * The invoice as a PDF, as Stripe's hosted invoice offers one: its lines, VAT and total, drawn with
 * pdfkit's built-in Helvetica (an invoice is the stand-in's, so it shares nothing with the exports).
 */
export function invoicePdf(invoice: Invoice): Promise<Buffer> {
  const day = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10).replaceAll('-', '/');
  const money = (ore: number) => formatMoney(ore, 'en');
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Invoice ${invoice.number ?? invoice.id}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(`Invoice ${invoice.number ?? invoice.id}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.text(`Saldo (Stripe stand-in) · ${invoice.status === 'paid' ? 'Paid' : 'Due'} · ${day(invoice.created)}`);
  doc.text(`${invoice.customer_name ?? ''} ${invoice.customer_email ?? ''}`.trim());
  doc.text(`Period ${day(invoice.period_start)} – ${day(invoice.period_end)}`);
  doc.moveDown();
  const rows: [string, string, string][] = [
    ['Description', 'Quantity', 'Amount'],
    ...invoice.lines.data.map((l): [string, string, string] => [
      l.description,
      String(l.quantity ?? ''),
      money(l.amount),
    ]),
    ['Subtotal', '', money(invoice.subtotal)],
    ['VAT (MVA)', '', money(invoice.total - invoice.subtotal)],
    ['Total', '', money(invoice.total)],
  ];
  for (const [i, [description, quantity, amount]] of rows.entries()) {
    const y = doc.y;
    doc.font(i === 0 || i === rows.length - 1 ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(description, 56, y, { width: 280 });
    doc.text(quantity, 340, y, { width: 60, align: 'right' });
    doc.text(amount, 410, y, { width: 130, align: 'right' });
    doc.moveDown(0.4);
  }
  doc.end();
  return done;
}
