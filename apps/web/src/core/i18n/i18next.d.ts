import type { en } from '../../locales/en';

// Keys are checked at compile time against the English files (the default namespace: common).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
  }
}
