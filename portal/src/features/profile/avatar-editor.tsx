import type { Profile } from '@saldo/contract';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/error-text';
import { PictureControls } from '../../components/picture-controls';
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
  const { preview, errorCode } = picture;

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
        <PictureControls picture={picture} accept={AVATAR_ACCEPT} testId="avatar" stored={!!profile.avatar} />
      </div>
    </div>
  );
}
