import i18next, { type i18n as I18n } from 'i18next';
import { useMemo } from 'react';
import en from '../locales/en.json';
import nor from '../locales/nor.json';
import { DEFAULT_LANGUAGE, LANGUAGES } from './i18n';

/**
 * A translator fixed to one language (a public link's), so the visitor's (or user's) own language
 * setting is untouched: what a public page shows is in the language it was shared or sent in.
 */
export function useFixedI18n(lang: 'nor' | 'en'): I18n {
  return useMemo(() => {
    const instance = i18next.createInstance();
    void instance.init({
      resources: { nor: { translation: nor }, en: { translation: en } },
      lng: lang,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    return instance;
  }, [lang]);
}
