import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
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

/**
 * A picture chosen in a file input, checked, previewed and uploaded, or the stored one removed: the
 * avatar and a firm's logo. `check` gives the error code of a file that would certainly be refused;
 * either call's answer replaces the query `queryKey`'s data, and its success is told by the
 * notification `${texts}.saved` or `${texts}.removed`. Gives the input's id, ref and change handler,
 * the chosen file and its preview, the error code to show, and the two calls.
 */
export function usePictureUpload<T>(
  check: (file: File) => string | null,
  uploadCall: (file: File) => Promise<T>,
  removeCall: () => Promise<T>,
  queryKey: QueryKey,
  texts: string,
) {
  const queryClient = useQueryClient();
  const inputId = useId();
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
      queryClient.setQueryData(queryKey, updated);
      clear();
      notify(message);
    },
    onError: (error: unknown) => setErrorCode(errorCodeOf(error)),
  });
  const upload = useMutation(after(uploadCall, `${texts}.saved`));
  const remove = useMutation(after<void>(() => removeCall(), `${texts}.removed`));
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setErrorCode(null);
    if (!chosen) return;
    const problem = check(chosen);
    setFile(problem ? null : chosen);
    if (problem) {
      setErrorCode(problem);
      event.target.value = '';
    }
  };
  return {
    texts,
    inputId,
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

/** What usePictureUpload gives (components/picture-controls.tsx draws its buttons). */
export type PictureUpload<T> = ReturnType<typeof usePictureUpload<T>>;
