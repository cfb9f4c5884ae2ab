import type { SharedPage } from '@saldo/contract';
import { periodYears } from '@saldo/contract/period/period';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../app/shell/icons';
import { Button } from '../../components/button';
import { CopyButton } from '../../components/copy-button';
import { errorCodeOf } from '../../components/error-text';
import { useNotify, useNotifyError } from '../../components/notifications';
import { useDismiss } from '../../components/use-dismiss';
import { toLanguage } from '../../lib/i18n';
import { useCurrentBoard } from '../boards/use-current-board';
import { defaultLayout } from '../dashboard/layout';
import { periodName, rangeText } from '../period/period-labels';
import { usePeriod } from '../period/period-state';
import { sendShareLink, shareBoard } from './queries';
import { LanguageChoice, PageChecks, toggled, WidgetChecks } from './selection-fields';
import { ShareLinks } from './share-links';
import {
  addRecipient,
  EXPIRY_CHOICES,
  type ExpiryChoice,
  expiryDate,
  lockedPeriodOf,
  publicLink,
  SHARE_PAGES,
  type ShareError,
  toShareRequest,
  validateRecipient,
  validateSend,
  validateShare,
} from './share-rules';
import '../../components/dropdown.css';
import './share-panel.css';

/**
 * The top bar's Share Board dropdown: choose widgets and pages, a language, generate the public link,
 * and send it by e-mail. Closing the dropdown clears the generated public board id (spec §4).
 */
export function ShareDropdown() {
  const { t, i18n } = useTranslation();
  const { current, boards } = useCurrentBoard();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  const disabled = boards.length === 0 || !current || current.apiAccounts.length === 0;
  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  return (
    <div className="dropdown" ref={ref} data-testid="share-dropdown">
      <button
        type="button"
        className={`button button--ghost ${disabled ? 'button--looks-disabled' : ''}`}
        disabled={disabled}
        title={disabled ? t('share.disabledHint') : t('topbar.share')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="share-button"
      >
        <Icon name="share" />
        <span className="button__label">{t('topbar.share')}</span>
      </button>
      {open && current && (
        // Keyed by board: another board starts a fresh form; unmounting (closing) drops the public board id.
        <SharePanel
          key={current._id}
          id={panelId}
          boardId={current._id}
          widgets={current.widgets}
          defaultLang={toLanguage(i18n.language)}
        />
      )}
    </div>
  );
}

function SharePanel({
  id,
  boardId,
  widgets: saved,
  defaultLang,
}: {
  id: string;
  boardId: string;
  widgets: import('@saldo/contract').BoardWidget[];
  defaultLang: 'nor' | 'en';
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const topCustomers = t('dashboard.topCustomers');
  const profitLoss = t('dashboard.profitLoss');
  // A board nobody has arranged yet shows the default pair on its dashboard; those are what can be shared.
  const widgets = useMemo(
    () => (saved.length > 0 ? saved : defaultLayout({ topCustomers, profitLoss })),
    [saved, topCustomers, profitLoss],
  );
  const [chosenWidgets, setChosenWidgets] = useState<Set<string>>(new Set());
  const [pages, setPages] = useState<Set<SharedPage>>(new Set());
  const [lang, setLang] = useState<'nor' | 'en'>(defaultLang);
  const [expiry, setExpiry] = useState<ExpiryChoice>(null);
  // A link can be held to the period on screen (the period control's) or to a year the board has data for.
  const period = usePeriod(boardId);
  const years = periodYears(
    {
      firstBookedMonth: period.periods?.firstBookedMonth ?? null,
      lastBookedMonth: period.periods?.lastBookedMonth ?? null,
    },
    period.context,
  ).years;
  const [lock, setLock] = useState('');
  const [shareError, setShareError] = useState<ShareError | null>(null);
  const [publicBoardId, setPublicBoardId] = useState<string | null>(null);
  const [recipients, setRecipients] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [sendError, setSendError] = useState<ShareError | null>(null);

  const link = publicBoardId ? publicLink(window.location.origin, publicBoardId) : null;

  const client = useQueryClient();
  const generate = useMutation({
    mutationFn: shareBoard,
    onSuccess: ({ boardId: shared }) => {
      setPublicBoardId(shared);
      void client.invalidateQueries({ queryKey: ['share-links', boardId] });
      void client.invalidateQueries({ queryKey: ['boards'] });
    },
    onError: (error) => notifyError(errorCodeOf(error)),
  });
  const send = useMutation({
    mutationFn: (list: string[]) => sendShareLink(boardId, list, link ?? ''),
    onSuccess: () => {
      notify('share.linkSent');
      setRecipients([]);
      setDraft('');
    },
    onError: (error) => notifyError(errorCodeOf(error)),
  });

  // A changed selection or language is a different share: the old link no longer describes it.
  const changed = () => {
    setPublicBoardId(null);
    setShareError(null);
  };

  const onGenerate = () => {
    const error = validateShare({ widgets: [...chosenWidgets], pages: [...pages] });
    setShareError(error);
    if (error) return;
    generate.mutate(
      toShareRequest(boardId, widgets, chosenWidgets, pages, lang, {
        expiresAt: expiryDate(new Date(), expiry),
        lockedPeriod: lockedPeriodOf(lock, { startDate: period.from, endDate: period.to }),
      }),
    );
  };

  const addDraft = (): string[] | null => {
    if (!draft.trim()) return recipients;
    const error = validateRecipient(draft);
    setSendError(error);
    if (error) return null;
    const next = addRecipient(recipients, draft);
    setRecipients(next);
    setDraft('');
    return next;
  };

  const onSend = () => {
    const list = addDraft();
    if (!list) return;
    const error = validateSend(list);
    setSendError(error);
    if (error) return;
    send.mutate(list);
  };

  return (
    <div
      className="dropdown__panel dropdown__panel--right share-panel"
      id={id}
      role="dialog"
      aria-label={t('share.title')}
      data-testid="share-panel"
    >
      <p className="dropdown__heading">{t('share.title')}</p>
      <WidgetChecks
        widgets={widgets}
        chosen={chosenWidgets}
        onToggle={(widgetId) => {
          setChosenWidgets((set) => toggled(set, widgetId));
          changed();
        }}
        onSetAll={(all) => {
          setChosenWidgets(new Set(all ? widgets.map((w) => w.id) : []));
          changed();
        }}
        titleOf={(widget) => widget.name}
        testIdOf={(widget) => `share-widget-${widget.id}`}
        allTestId="share-widgets-all"
      />
      <PageChecks
        pages={SHARE_PAGES}
        chosen={pages}
        onToggle={(page) => {
          setPages((set) => toggled(set, page));
          changed();
        }}
        onSetAll={(all) => {
          setPages(new Set(all ? SHARE_PAGES : []));
          changed();
        }}
        testIdPrefix="share-page"
      />
      <LanguageChoice
        name={`${id}-lang`}
        value={lang}
        onChange={(value) => {
          setLang(value);
          changed();
        }}
        testIdPrefix="share-lang"
      />
      <fieldset className="share-panel__group share-panel__options">
        <legend>{t('share.options')}</legend>
        <label className="share-panel__option">
          {t('share.expires')}
          <select
            className="select select--small"
            value={expiry ?? ''}
            onChange={(event) => {
              setExpiry(event.target.value === '' ? null : (Number(event.target.value) as ExpiryChoice));
              changed();
            }}
            data-testid="share-expiry"
          >
            {EXPIRY_CHOICES.map((days) => (
              <option key={days ?? 'never'} value={days ?? ''}>
                {days === null ? t('share.expiresNever') : t('share.expiresDays', { count: days })}
              </option>
            ))}
          </select>
        </label>
        <label className="share-panel__option">
          {t('share.period')}
          <select
            className="select select--small"
            value={lock}
            onChange={(event) => {
              setLock(event.target.value);
              changed();
            }}
            data-testid="share-period"
          >
            <option value="">{t('share.periodAny')}</option>
            <option value="current">
              {t('share.periodCurrent', {
                period: `${periodName(period.choice, period.span, period.context, t)}, ${rangeText(period.span)}`,
              })}
            </option>
            {years.map((span) => (
              <option key={span.from} value={span.from.slice(0, 4)}>
                {t('share.periodYear', { year: span.from.slice(0, 4) })}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {shareError && (
        <p className="field__error" role="alert" data-testid="share-error">
          {t(shareError)}
        </p>
      )}
      <button
        type="button"
        className="button button--primary button--small share-panel__generate"
        onClick={onGenerate}
        disabled={generate.isPending}
        data-testid="share-generate"
      >
        {generate.isPending ? t('share.generating') : t('share.generate')}
      </button>

      {link && (
        <div className="share-panel__result">
          <label className="share-panel__label" htmlFor={`${id}-link`}>
            {t('share.link')}
          </label>
          <div className="share-panel__row">
            <input
              id={`${id}-link`}
              className="share-panel__input"
              readOnly
              value={link}
              onFocus={(event) => event.target.select()}
              data-testid="share-link"
            />
            <CopyButton text={link} testId="share-copy">
              {t('share.copy')}
            </CopyButton>
          </div>

          <label className="share-panel__label" htmlFor={`${id}-recipient`}>
            {t('share.email')}
          </label>
          {recipients.length > 0 && (
            <ul className="share-panel__recipients" aria-label={t('share.recipients')}>
              {recipients.map((email) => (
                <li key={email} className="chip" data-testid="share-recipient">
                  {email}
                  <button
                    type="button"
                    className="share-panel__remove"
                    aria-label={t('share.removeRecipient', { email })}
                    onClick={() => setRecipients((list) => list.filter((item) => item !== email))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="share-panel__row">
            <input
              id={`${id}-recipient`}
              type="email"
              className="share-panel__input"
              placeholder={t('share.recipientPlaceholder')}
              value={draft}
              aria-invalid={sendError !== null}
              onChange={(event) => {
                setDraft(event.target.value);
                setSendError(null);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                if (!draft.trim()) return;
                addDraft();
              }}
              data-testid="share-recipient-input"
            />
            <Button kind="primary" small onClick={onSend} disabled={send.isPending} data-testid="share-send">
              {send.isPending ? t('share.sending') : t('share.send')}
            </Button>
          </div>
          {sendError && (
            <p className="field__error" role="alert" data-testid="share-recipient-error">
              {t(sendError)}
            </p>
          )}
        </div>
      )}
      <ShareLinks boardId={boardId} />
    </div>
  );
}
