import type { Profile } from '@saldo/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { useErrorText } from '../../components/error-text';
import { usePictureUpload } from '../../components/use-picture-upload';
import { UserAvatar } from '../../components/user-avatar';
import { AVATAR_ACCEPT, checkAvatarFile } from './avatar-file';
import { deleteAvatar, profileQuery, uploadAvatar } from './queries';
import './profile.css';

/** The profile picture: choose, check and upload a file, or remove the picture. */
export function AvatarEditor({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const picture = usePictureUpload(
    checkAvatarFile,
    uploadAvatar,
    deleteAvatar,
    profileQuery.queryKey,
    'profile.avatar',
  );
  const { inputId, inputRef, onChoose, file, preview, errorCode, upload, remove, clear, busy } = picture;

  const fullName = `${profile.firstName} ${profile.lastName}`;

  return (
    <div className="avatar-editor" data-testid="avatar-editor">
      <UserAvatar name={fullName} avatar={preview ?? profile.avatar} className="avatar--xl" />
      <div className="avatar-editor__body">
        <p className="avatar-editor__title">{t('profile.avatar.title')}</p>
        <p className="field__hint">{t('profile.avatar.hint')}</p>
        {errorCode && (
          <p className="field__error" role="alert" data-testid="avatar-error">
            {errorText(errorCode)}
          </p>
        )}
        <div className="avatar-editor__actions">
          <input
            ref={inputRef}
            id={inputId}
            className="visually-hidden"
            type="file"
            name="avatar"
            accept={AVATAR_ACCEPT}
            onChange={onChoose}
            data-testid="avatar-input"
          />
          {file ? (
            <>
              <Button kind="primary" disabled={busy} onClick={() => upload.mutate(file)} data-testid="avatar-upload">
                {upload.isPending && <span className="spinner" aria-hidden="true" />}
                {t('profile.avatar.upload')}
              </Button>
              <Button kind="secondary" disabled={busy} onClick={clear}>
                {t('common.cancel')}
              </Button>
            </>
          ) : (
            <>
              <label htmlFor={inputId} className="button button--secondary">
                {t('profile.avatar.choose')}
              </label>
              {profile.avatar && (
                <Button kind="ghost" disabled={busy} onClick={() => remove.mutate()} data-testid="avatar-remove">
                  {t('profile.avatar.remove')}
                </Button>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
