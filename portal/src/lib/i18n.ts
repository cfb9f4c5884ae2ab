import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import nor from '../locales/nor.json';
import { getLanguage, setLanguage } from './auth-storage';

/** The product's language codes, as the server, the SDK and the shared error map spell them. */
export type Language = 'nor' | 'en';
export const LANGUAGES: readonly Language[] = ['nor', 'en'];
export const DEFAULT_LANGUAGE: Language = 'nor';

export function toLanguage(value: string | null | undefined): Language {
  return value === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

// The <html lang> attribute wants BCP 47; 'nor' is the product's own code for Norwegian Bokmål.
function htmlLang(lang: Language): string {
  return lang === 'en' ? 'en' : 'nb';
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { nor: { translation: nor }, en: { translation: en } },
  lng: toLanguage(getLanguage()),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Resources are bundled, so initialise synchronously: the first render already has its texts.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (lng) => {
  setLanguage(toLanguage(lng));
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(toLanguage(lng));
});
if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(toLanguage(i18n.language));

export function currentLanguage(): Language {
  return toLanguage(i18n.language);
}
