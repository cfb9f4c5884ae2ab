import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { errorCodeOf } from './error-text';
import { useNotify } from './notifications';

/** An object URL for a blob or file while it is shown, released when it changes or the page goes. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

interface PictureCalls<T> {
  /** The error code for a file that would certainly be refused, or null. */
  check: (file: File) => string | null;
  upload: (file: File) => Promise<T>;
  remove: () => Promise<T>;
  /** What the server answers after either call. */
  onSaved: (updated: T) => void;
  /** The notifications' keys for each call's success. */
  saved: string;
  removed: string;
}

/**
 * A picture chosen in a file input, checked, previewed and uploaded, or the stored one removed: the
 * avatar and a firm's logo. Gives the input's ref and change handler, the chosen file and its preview,
 * the error code to show, and the two calls.
 */
export function usePictureUpload<T>(calls: PictureCalls<T>) {
  const notify = useNotify();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  /** Back to no file chosen. */
  const clear = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };
  const after = <V>(call: (variables: V) => Promise<T>, message: string) => ({
    mutationFn: call,
    onSuccess: (updated: T) => {
      calls.onSaved(updated);
      clear();
      notify(message);
    },
    onError: (error: unknown) => setErrorCode(errorCodeOf(error)),
  });
  const upload = useMutation(after(calls.upload, calls.saved));
  const remove = useMutation(after<void>(() => calls.remove(), calls.removed));
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setErrorCode(null);
    if (!chosen) return;
    const problem = calls.check(chosen);
    setFile(problem ? null : chosen);
    if (problem) {
      setErrorCode(problem);
      event.target.value = '';
    }
  };
  return {
    inputRef,
    onChoose,
    file,
    preview,
    errorCode,
    upload,
    remove,
    clear,
    busy: upload.isPending || remove.isPending,
  };
}
