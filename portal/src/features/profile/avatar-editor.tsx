import type { Profile } from '@saldo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { useNotify } from '../../components/notifications';
import { UserAvatar } from '../../components/user-avatar';
import { AVATAR_ACCEPT, checkAvatarFile } from './avatar-file';
import { deleteAvatar, profileQuery, uploadAvatar } from './queries';
import './profile.css';

/** The profile picture: choose, check and upload a file, or remove the picture. */
export function AvatarEditor({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);

  // One object URL per chosen file, released when the choice changes or the page goes.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const onSaved = (updated: Profile) => {
    queryClient.setQueryData(profileQuery.queryKey, updated);
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (updated) => {
      onSaved(updated);
      notify('profile.avatar.saved');
    },
    onError: (error) => setErrorCode(errorCodeOf(error)),
  });
  const remove = useMutation({
    mutationFn: deleteAvatar,
    onSuccess: (updated) => {
      onSaved(updated);
      notify('profile.avatar.removed');
    },
    onError: (error) => setErrorCode(errorCodeOf(error)),
  });

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setErrorCode(null);
    if (!chosen) return;
    const problem = checkAvatarFile(chosen);
    if (problem) {
      setErrorCode(problem);
      setFile(null);
      event.target.value = '';
      return;
    }
    setFile(chosen);
  };

  const fullName = `${profile.firstName} ${profile.lastName}`;
  const busy = upload.isPending || remove.isPending;

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
              <Button kind="secondary" disabled={busy} onClick={() => onSaved(profile)}>
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
