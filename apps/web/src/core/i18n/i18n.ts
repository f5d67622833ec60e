import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@wrenchlog/contracts/limits';
import common from '../../locales/en/common.json' with { type: 'json' };

// Issue 34: the interface in the member's language. English is the default and every key's fallback:
// its shared texts (common) are in the entry, and each feature's namespace rides in that feature's
// own chunk (registerEnglish). German and Spanish are chunks of their own, loaded only when chosen.

/** The locale Intl formats numbers, money and dates in, per language. */
export const LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE', es: 'es-ES' };

const STORED = 'wrenchlog.language';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, object> }>> = {
  de: () => import('../../locales/de'),
  es: () => import('../../locales/es'),
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { common } },
  partialBundledLanguages: true,
  ns: ['common'],
  defaultNS: 'common',
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
  // Every language in use is loaded before it is switched to: nothing waits for a translation.
  react: { useSuspense: false },
});

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** A feature's English texts, registered by the feature's own module (so they load with its chunk). */
export function registerEnglish(ns: string, texts: object): void {
  if (!i18n.hasResourceBundle('en', ns)) {
    i18n.addResourceBundle('en', ns, texts);
  }
}

/** The language the interface shows now ('en' until another is loaded). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** The browser's own language when it is one we have ('de-AT' is German), else English. */
export function browserLanguage(): Language {
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return wanted.map((l) => l.slice(0, 2).toLowerCase()).find(isLanguage) ?? 'en';
}

// A few lines instead of i18next-browser-languagedetector: the first load is close to its budget.
function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(STORED);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
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
  try {
    // The last language on this device, so a reload starts in it before the preferences answer.
    localStorage.setItem(STORED, lng);
  } catch {
    // No storage (private mode): the preferences still apply after each load.
  }
}

/** Before the first render: the device's last language (or the browser's), loaded. */
export function startLanguage(): Promise<void> {
  return switchLanguage(storedLanguage() ?? browserLanguage()).catch((err: unknown) => {
    // A chunk that fails to load (offline, new deployment) leaves the interface in English.
    console.error('Loading the language failed', err);
  });
}
