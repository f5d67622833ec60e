import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@wrenchlog/contracts/limits';
import { en, NAMESPACES } from '../../locales/en';

// Issue 34: the interface in the member's language. English is in the entry (the default and the
// fallback of every key); German and Spanish are separate chunks, loaded only when chosen.

/** The locale Intl formats numbers, money and dates in, per language. */
export const LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE', es: 'es-ES' };

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  de: () => import('../../locales/de'),
  es: () => import('../../locales/es'),
};

export const i18n = i18next.createInstance();

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en },
    partialBundledLanguages: true,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    // The last language on this device first, so a reload starts in it before the preferences answer.
    detection: { order: ['localStorage', 'navigator'], lookupLocalStorage: 'wrenchlog.language', caches: ['localStorage'] },
    initAsync: false,
    // Every language in use is loaded before it is switched to: nothing waits for a translation.
    react: { useSuspense: false },
  });

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The language the interface shows now ('en' until another is loaded). */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : 'en';
}

/** The browser's own language when it is one we have, else English. */
export function browserLanguage(): Language {
  const detector = i18n.services.languageDetector as { detect(order?: string[]): string | string[] | undefined } | undefined;
  const found = detector?.detect(['navigator']);
  const first = (Array.isArray(found) ? found : [found]).map((l) => l?.slice(0, 2)).find(isLanguage);
  return first ?? 'en';
}

/** Loads `lng`'s texts (a chunk of its own) when needed, then switches every screen to it. */
export async function switchLanguage(lng: Language): Promise<void> {
  if (lng !== 'en' && !i18n.hasResourceBundle(lng, 'common')) {
    const { default: bundle } = await loaders[lng]();
    for (const [ns, texts] of Object.entries(bundle)) {
      i18n.addResourceBundle(lng, ns, texts, true, true);
    }
  }
  if (i18n.language !== lng) {
    await i18n.changeLanguage(lng);
  }
  document.documentElement.lang = lng;
}

/** Before the first render: the device's last language (or the browser's), loaded. */
export function startLanguage(): Promise<void> {
  const detected = i18n.language?.slice(0, 2);
  return switchLanguage(isLanguage(detected) ? detected : 'en').catch((err: unknown) => {
    // A chunk that fails to load (offline, new deployment) leaves the interface in English.
    console.error('Loading the language failed', err);
    return i18n.changeLanguage('en').then(() => undefined);
  });
}
