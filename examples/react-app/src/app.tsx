import { configure, type SaldoLang } from '@saldo/sdk';
import * as SaldoReact from '@saldo/sdk/react';
import { SaldoBalanceSheet, SaldoCashFlow, SaldoProfitLoss, SaldoTopCustomers } from '@saldo/sdk/react';
import { type ComponentType, type FormEvent, useState } from 'react';
import { type Board, fetchBoards, getToken, login, refresh } from './session';

type PeriodKey = 'last12' | 'thisYear' | 'lastYear';

const texts = {
  nor: {
    tagline: 'Klientoversikt med Saldo-widgeter i en React-app',
    email: 'E-post',
    password: 'Passord',
    login: 'Logg inn',
    loggingIn: 'Logger inn…',
    loginFailed: 'Innlogging feilet: ',
    noBoards: 'Brukeren har ingen tavler ennå.',
    board: 'Tavle',
    period: 'Periode',
    language: 'Språk',
    last12: 'Siste 12 måneder',
    thisYear: 'I år',
    lastYear: 'I fjor',
    keyFigures: 'Nøkkeltall',
    reports: 'Rapporter',
    plainLink: 'HTML-eksempelet',
    lastEvent: 'Siste hendelse',
    showing: (period: string, board: string) => `Viser ${period} for ${board}.`,
  },
  en: {
    tagline: 'Client overview with Saldo widgets in a React app',
    email: 'E-mail',
    password: 'Password',
    login: 'Log in',
    loggingIn: 'Logging in…',
    loginFailed: 'Login failed: ',
    noBoards: 'The user has no boards yet.',
    board: 'Board',
    period: 'Period',
    language: 'Language',
    last12: 'Last 12 months',
    thisYear: 'This year',
    lastYear: 'Last year',
    keyFigures: 'Key figures',
    reports: 'Reports',
    plainLink: 'The HTML example',
    lastEvent: 'Last event',
    showing: (period: string, board: string) => `Showing ${period} for ${board}.`,
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

// getToken is read before every widget request, refresh runs once after a 401 (tokens are short-lived).
configure({ getToken, refresh });

export function App() {
  const [lang, setLang] = useState<SaldoLang>('nor');
  const [boards, setBoards] = useState<Board[]>([]);
  const [board, setBoard] = useState('');
  const [period, setPeriod] = useState<PeriodKey>('last12');
  const [status, setStatus] = useState('');
  const [lastEvent, setLastEvent] = useState('');
  const t = texts[lang];

  async function onLogin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setStatus(t.loggingIn);
    try {
      await login(String(form.get('email')), String(form.get('password')));
      const list = await fetchBoards();
      if (list.length === 0) {
        setStatus(t.noBoards);
        return;
      }
      setBoards(list);
      setBoard(list[0]?._id ?? '');
      setStatus('');
    } catch (error) {
      setStatus(`${t.loginFailed}${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const { from, to } = periodRange(period);
  const boardName = boards.find((b) => b._id === board)?.name ?? '';
  const common = { board, from, to, lang, className: 'widget' };
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
          <a href="/examples/">{t.plainLink}</a>
          <select aria-label={t.language} value={lang} onChange={(e) => setLang(e.target.value as SaldoLang)}>
            <option value="nor">Norsk</option>
            <option value="en">English</option>
          </select>
        </nav>
      </header>
      <main>
        {!board ? (
          <form className="card login" onSubmit={onLogin}>
            <label>
              {t.email}
              <input name="email" type="email" defaultValue="demo@saldo.no" autoComplete="username" required />
            </label>
            <label>
              {t.password}
              <input name="password" type="password" defaultValue="Demo1234" autoComplete="current-password" required />
            </label>
            <button type="submit">{t.login}</button>
          </form>
        ) : (
          <div className="card controls">
            <label>
              {t.board}
              <select value={board} onChange={(e) => setBoard(e.target.value)}>
                {boards.map((b) => (
                  <option key={b._id} value={b._id}>
                    {b.name}
                  </option>
                ))}
              </select>
            </label>
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
              {t.showing(`${from.replaceAll('-', '/')} – ${to.replaceAll('-', '/')}`, boardName)}
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
