import { useTranslation } from 'react-i18next';
import { Button } from './button';
import type { PictureUpload } from './use-picture-upload';

interface PictureControlsProps<T> {
  /** Its texts `.choose`, `.upload` and `.remove` under the hook's prefix. */
  picture: PictureUpload<T>;
  /** The file input's accepted types. */
  accept: string;
  /** The file input's name, and the prefix of the test ids (`-input`, `-upload`, `-remove`). */
  testId: string;
  /** Whether there is a stored picture to remove. */
  stored: boolean;
  /** No file may be chosen yet (the firm's logo before its profile is saved). */
  disabled?: boolean;
}

/** A picture's buttons: choose a file; then upload it or cancel; or remove the stored one (usePictureUpload). */
export function PictureControls<T>({ picture, accept, testId, stored, disabled = false }: PictureControlsProps<T>) {
  const { t } = useTranslation();
  const { texts, inputId, inputRef, onChoose, file, upload, remove, clear, busy } = picture;
  return (
    <div className="avatar-editor__actions">
      <input
        ref={inputRef}
        id={inputId}
        className="visually-hidden"
        type="file"
        name={testId}
        accept={accept}
        onChange={onChoose}
        disabled={disabled}
        data-testid={`${testId}-input`}
      />
      {file ? (
        <>
          <Button kind="primary" disabled={busy} onClick={() => upload.mutate(file)} data-testid={`${testId}-upload`}>
            {upload.isPending && <span className="spinner" aria-hidden="true" />}
            {t(`${texts}.upload`)}
          </Button>
          <Button kind="secondary" disabled={busy} onClick={clear}>
            {t('common.cancel')}
          </Button>
        </>
      ) : (
        <>
          <label htmlFor={inputId} className="button button--secondary" aria-disabled={disabled || undefined}>
            {t(`${texts}.choose`)}
          </label>
          {stored && (
            <Button kind="ghost" disabled={busy} onClick={() => remove.mutate()} data-testid={`${testId}-remove`}>
              {t(`${texts}.remove`)}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
