import { configure, type SaldoLang } from '@saldo/sdk';
import * as SaldoReact from '@saldo/sdk/react';
import { SaldoBalanceSheet, SaldoCashFlow, SaldoProfitLoss, SaldoTopCustomers } from '@saldo/sdk/react';
import { type ComponentType, useEffect, useState } from 'react';
import { embedToken, fetchSetup, type SaldoSetup } from './saldo-session';

type PeriodKey = 'last12' | 'thisYear' | 'lastYear';

const texts = {
  nor: {
    tagline: 'Klientoversikt med Saldo-widgeter i en React-app',
    loading: 'Henter Saldo-oppsettet…',
    notReady: 'Partnerserveren har ingen innebyggingsnøkkel ennå.',
    failed: 'Kunne ikke hente Saldo-oppsettet: ',
    theme: 'Tema',
    light: 'Lyst',
    dark: 'Mørkt',
    period: 'Periode',
    language: 'Språk',
    last12: 'Siste 12 måneder',
    thisYear: 'I år',
    lastYear: 'I fjor',
    keyFigures: 'Nøkkeltall',
    reports: 'Rapporter',
    plainLink: 'HTML-eksempelet',
    lastEvent: 'Siste hendelse',
    showing: (period: string) => `Viser ${period}.`,
  },
  en: {
    tagline: 'Client overview with Saldo widgets in a React app',
    loading: 'Fetching the Saldo set-up…',
    notReady: 'The partner server has no embed key yet.',
    failed: 'Could not fetch the Saldo set-up: ',
    theme: 'Theme',
    light: 'Light',
    dark: 'Dark',
    period: 'Period',
    language: 'Language',
    last12: 'Last 12 months',
    thisYear: 'This year',
    lastYear: 'Last year',
    keyFigures: 'Key figures',
    reports: 'Reports',
    plainLink: 'The HTML example',
    lastEvent: 'Last event',
    showing: (period: string) => `Showing ${period}.`,
  },
} as const;

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The chosen period as yyyy-mm-dd; "last 12 months" ends at the last whole month. */
export function periodRange(key: PeriodKey, today = new Date()): { from: string; to: string } {
  const y = today.getFullYear();
  if (key === 'thisYear') return { from: `${y}-01-01`, to: `${y}-12-31` };
  if (key === 'lastYear') return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
  return {
    from: iso(new Date(Date.UTC(y - 1, today.getMonth(), 1))),
    to: iso(new Date(Date.UTC(y, today.getMonth(), 0))),
  };
}

interface WidgetProps {
  board: string;
  from: string;
  to: string;
  lang: SaldoLang;
  theme: 'light' | 'dark';
  className?: string;
  onSaldoReady?: (event: CustomEvent) => void;
}

// Wrappers added in newer SDK versions: used when this copy of @saldo/sdk/react has them.
const optionalWidgets = ['SaldoTopSuppliers', 'SaldoTurnover', 'SaldoMrr'] as const;
const wrappers = SaldoReact as unknown as Record<string, ComponentType<WidgetProps> | undefined>;
const available = optionalWidgets.flatMap((name): [string, ComponentType<WidgetProps>][] => {
  const Widget = wrappers[name];
  return Widget ? [[name, Widget]] : [];
});

export function App() {
  const [lang, setLang] = useState<SaldoLang>('nor');
  const [theme, setTheme] = useState<'light' | 'dark'>(
    new URLSearchParams(location.search).get('theme') === 'dark' ? 'dark' : 'light',
  );
  const [setup, setSetup] = useState<SaldoSetup | null>(null);
  const [period, setPeriod] = useState<PeriodKey>('last12');
  const [status, setStatus] = useState('');
  const [lastEvent, setLastEvent] = useState('');
  const t = texts[lang];

  useEffect(() => {
    setStatus(texts.nor.loading);
    fetchSetup().then(
      (loaded) => {
        // Every element reads from Saldo's origin with the token the partner's backend signs.
        if (loaded.ready) configure({ baseUrl: loaded.saldoUrl, getToken: embedToken });
        setSetup(loaded);
        setStatus(loaded.ready ? '' : texts.nor.notReady);
      },
      (error: unknown) => setStatus(`${texts.nor.failed}${error instanceof Error ? error.message : String(error)}`),
    );
  }, []);

  useEffect(() => {
    document.body.dataset.theme = theme;
  }, [theme]);

  const board = setup?.ready ? setup.board : '';
  const { from, to } = periodRange(period);
  const common = { board, from, to, lang, theme, className: 'widget' };
  const onReady = (event: CustomEvent) => {
    const target = event.target as Element;
    setLastEvent(`saldo-ready ${target.localName}`);
  };

  return (
    <>
      <header className="top">
        <div>
          <h1>Fjordbyrå Regnskap</h1>
          <p>{t.tagline}</p>
        </div>
        <nav>
          <a href="/">{t.plainLink}</a>
          <select aria-label={t.language} value={lang} onChange={(e) => setLang(e.target.value as SaldoLang)}>
            <option value="nor">Norsk</option>
            <option value="en">English</option>
          </select>
          <select
            aria-label={t.theme}
            value={theme}
            onChange={(e) => setTheme(e.target.value === 'dark' ? 'dark' : 'light')}
          >
            <option value="light">{t.light}</option>
            <option value="dark">{t.dark}</option>
          </select>
        </nav>
      </header>
      <main>
        {board && (
          <div className="card controls">
            <fieldset className="periods">
              <legend>{t.period}</legend>
              {(['last12', 'thisYear', 'lastYear'] as const).map((key) => (
                <button
                  key={key}
                  type="button"
                  aria-pressed={period === key}
                  className={period === key ? 'active' : ''}
                  onClick={() => setPeriod(key)}
                >
                  {t[key]}
                </button>
              ))}
            </fieldset>
            <p className="status" id="status" role="status">
              {t.showing(`${from.replaceAll('-', '/')} – ${to.replaceAll('-', '/')}`)}
            </p>
          </div>
        )}
        {status && (
          <p className="status" role="alert">
            {status}
          </p>
        )}
        {board && (
          <>
            <section>
              <h2>{t.keyFigures}</h2>
              <div className="grid">
                <SaldoTopCustomers {...common} onSaldoReady={onReady} />
                {available.map(([name, Widget]) => (
                  <Widget key={name} {...common} onSaldoReady={onReady} />
                ))}
                {/* The last month end of the period next to the same date a year earlier. */}
                <SaldoBalanceSheet {...common} view="total" compare="lastYear" onSaldoReady={onReady} />
              </div>
            </section>
            <section>
              <h2>{t.reports}</h2>
              <div className="stack">
                <SaldoProfitLoss {...common} onSaldoReady={onReady} />
                <SaldoCashFlow {...common} onSaldoReady={onReady} />
              </div>
            </section>
            <p className="event" id="last-event">
              {t.lastEvent}: {lastEvent}
            </p>
          </>
        )}
      </main>
    </>
  );
}
