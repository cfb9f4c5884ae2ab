import type { ApiAccount, Board } from '@saldo/contract';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WelcomeVideoModal } from '../../app/shell/help';
import { ErrorBanner } from '../../components/error-banner';
import { errorCodeOf } from '../../components/error-text';
import { useNotify } from '../../components/notifications';
import { SaftModal } from '../api-accounts/saft-modal';
import { TripletexModal } from '../api-accounts/tripletex-modal';
import { useRefreshAccounts } from '../api-accounts/use-refresh-accounts';
import { createBoard } from '../boards/queries';
import { useCurrentBoard } from '../boards/use-current-board';
import { useSync } from '../sync/sync-context';
import { useDemoStart } from './use-demo-start';
import './first-run.css';

type Dialog = 'tripletex' | 'saft' | 'video' | null;

/**
 * A user without boards (issue 17): three ways to a board with figures instead of an empty page.
 * Tripletex and SAF-T open the API accounts' own dialogs and then make a board over the new source;
 * the demo is one call that makes both. Either way the new board becomes the current one and the top
 * bar follows its first sync, after which the dashboard's widgets load their figures.
 */
export function GuidedStart() {
  const { t } = useTranslation();
  const notify = useNotify();
  const refresh = useRefreshAccounts();
  const { select } = useCurrentBoard();
  const { follow } = useSync();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The SAF-T upload's account, made while its dialog still shows the import.
  const uploaded = useRef<ApiAccount | null>(null);

  const open = (board: Board, account: ApiAccount, message: string) => {
    select(board._id);
    follow(board._id, [account._id]);
    refresh();
    notify(message);
  };

  const demo = useDemoStart();
  const boardOver = useMutation({
    mutationFn: async (account: ApiAccount) => ({
      account,
      board: await createBoard({ name: account.name, apis: [account._id] }),
    }),
    onSuccess: ({ board, account }) => open(board, account, 'firstRun.boardReady'),
  });
  const failed = demo.error ?? boardOver.error;
  const busy = demo.isPending || boardOver.isPending;

  return (
    <section className="guided-start card" aria-labelledby="guided-start-title" data-testid="guided-start">
      <header className="guided-start__header">
        <h2 id="guided-start-title">{t('firstRun.title')}</h2>
        <p>{t('firstRun.intro')}</p>
      </header>
      {failed && <ErrorBanner code={errorCodeOf(failed)} testId="guided-start-error" />}
      <ul className="guided-start__paths">
        <Path
          id="tripletex"
          icon={<LinkIcon />}
          title={t('firstRun.tripletexTitle')}
          body={t('firstRun.tripletexBody')}
          action={t('firstRun.tripletexAction')}
          disabled={busy}
          onChoose={() => setDialog('tripletex')}
        />
        <Path
          id="saft"
          icon={<FileIcon />}
          title={t('firstRun.saftTitle')}
          body={t('firstRun.saftBody')}
          action={t('firstRun.saftAction')}
          disabled={busy}
          onChoose={() => {
            uploaded.current = null;
            setDialog('saft');
          }}
        />
        <Path
          id="demo"
          icon={<SparkIcon />}
          title={t('firstRun.demoTitle')}
          body={t('firstRun.demoBody')}
          action={demo.isPending ? t('firstRun.demoStarting') : t('firstRun.demoAction')}
          badge={t('firstRun.quickest')}
          primary
          busy={demo.isPending}
          disabled={busy}
          onChoose={() => {
            boardOver.reset();
            demo.mutate();
          }}
        />
      </ul>
      {boardOver.isPending && (
        <p className="guided-start__status" role="status" data-testid="guided-start-creating">
          <span className="spinner spinner--dark" aria-hidden="true" />
          {t('firstRun.creatingBoard')}
        </p>
      )}
      <p className="guided-start__video">
        <button
          type="button"
          className="guided-start__video-link"
          onClick={() => setDialog('video')}
          data-testid="guided-start-video"
        >
          {t('firstRun.video')}
        </button>
      </p>

      {dialog === 'tripletex' && (
        <TripletexModal
          onClose={() => setDialog(null)}
          onCreated={(account) => {
            demo.reset();
            boardOver.mutate(account);
          }}
        />
      )}
      {dialog === 'saft' && (
        <SaftModal
          onUploaded={(account) => {
            uploaded.current = account;
          }}
          onClose={() => {
            setDialog(null);
            // The board is made when the dialog closes: making it sooner would replace this page
            // (and the dialog with the import's progress) by the dashboard.
            const account = uploaded.current;
            uploaded.current = null;
            if (account) {
              demo.reset();
              boardOver.mutate(account);
            }
          }}
        />
      )}
      {dialog === 'video' && <WelcomeVideoModal onClose={() => setDialog(null)} />}
    </section>
  );
}

interface PathProps {
  id: string;
  icon: ReactNode;
  title: string;
  body: string;
  action: string;
  badge?: string;
  primary?: boolean;
  busy?: boolean;
  disabled: boolean;
  onChoose: () => void;
}

function Path({ id, icon, title, body, action, badge, primary, busy, disabled, onChoose }: PathProps) {
  const titleId = `guided-start-${id}`;
  return (
    <li className={`guided-path${primary ? ' guided-path--primary' : ''}`} data-testid={`guided-${id}`}>
      <span className="guided-path__icon" aria-hidden="true">
        {icon}
      </span>
      <h3 id={titleId} className="guided-path__title">
        {title}
        {badge && <span className="chip guided-path__badge">{badge}</span>}
      </h3>
      <p className="guided-path__body">{body}</p>
      <button
        type="button"
        className={`button ${primary ? 'button--primary' : 'button--secondary'}`}
        aria-describedby={titleId}
        disabled={disabled}
        onClick={onChoose}
        data-testid={`guided-${id}-button`}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {action}
      </button>
    </li>
  );
}

function LinkIcon() {
  return (
    <svg viewBox="0 0 24 24">
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </svg>
  );
}

function FileIcon() {
  return (
    <svg viewBox="0 0 24 24">
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M12 18v-6M9 15l3-3 3 3" />
    </svg>
  );
}

function SparkIcon() {
  return (
    <svg viewBox="0 0 24 24">
      <path d="M4 19V11M9 19V5M14 19v-7M19 19V8M3 19h18" />
    </svg>
  );
}
