import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { hasSeenWelcome, markWelcomeSeen, type StoredUser } from '../../lib/auth-storage';
import { toLanguage } from '../../lib/i18n';
import './help.css';

export const WELCOME_VIDEO_SRC = '/welcome.mp4';
/**
 * The welcome video (portal/public/welcome.mp4, made by `npm run welcome-video -w @saldo/portal` from
 * screenshots of the product) in a dialog, at the spec's height of 400, with captions in both languages
 * (the UI's shown); a visible text replaces it when the file cannot be loaded.
 */
export function WelcomeVideoModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const [failed, setFailed] = useState(false);
  return (
    <Modal title={t('help.videoTitle')} onClose={onClose} testId="welcome-video" size="wide">
      {failed ? (
        <p className="banner banner--warning" data-testid="welcome-video-fallback">
          {t('help.videoUnavailable')}
        </p>
      ) : (
        <video
          className="welcome-video"
          src={WELCOME_VIDEO_SRC}
          height={400}
          controls
          preload="metadata"
          onError={() => setFailed(true)}
          data-testid="welcome-video-player"
        >
          <track kind="captions" src="/welcome.nb.vtt" srcLang="nb" label="Norsk" default={lang === 'nor'} />
          <track kind="captions" src="/welcome.en.vtt" srcLang="en" label="English" default={lang === 'en'} />
          {t('help.videoUnavailable')}
        </video>
      )}
    </Modal>
  );
}

/**
 * First-time users (isFirstLoggedIn from the login response) get an offer to watch the welcome
 * video once. It is a small card rather than a blocking dialog, so it never stands between a new
 * user and the page; closing it or watching the video remembers that it was shown.
 */
export function WelcomePrompt({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => !user.isFirstLoggedIn || hasSeenWelcome(user.id));
  const [watching, setWatching] = useState(false);
  if (hidden && !watching) return null;
  const done = () => {
    markWelcomeSeen(user.id);
    setHidden(true);
  };
  return (
    <>
      {!hidden && (
        <aside className="welcome-card" data-testid="welcome-prompt" aria-label={t('help.welcomeTitle')}>
          <p className="welcome-card__title">{t('help.welcomeTitle')}</p>
          <p className="welcome-card__text">{t('help.welcomeText')}</p>
          <div className="welcome-card__actions">
            <Button
              kind="primary"
              small
              onClick={() => {
                done();
                setWatching(true);
              }}
              data-testid="welcome-watch"
            >
              {t('help.watch')}
            </Button>
            <Button kind="ghost" small onClick={done} data-testid="welcome-dismiss">
              {t('common.close')}
            </Button>
          </div>
        </aside>
      )}
      {watching && <WelcomeVideoModal onClose={() => setWatching(false)} />}
    </>
  );
}
