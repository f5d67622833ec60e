import { i18n, registerEnglish } from '../i18n/i18n';
import texts from '../../locales/en/offline.json' with { type: 'json' };

// The offline queue's English texts (its drawer and the forms' "waiting to send" banner), in their
// own chunks; the shell's bar and update prompt are in common (the first page).
registerEnglish('offline', texts);

/** `group.key` of the offline texts when there is one (kinds and fields are stored in English). */
function known(group: 'kinds' | 'kindsInSentence' | 'fields', key: string): string | undefined {
  const path = `${group}.${key}`;
  return i18n.exists(path, { ns: 'offline' }) ? i18n.t(path as 'fields.title', { ns: 'offline' }) : undefined;
}

/** A kept write's kind ('Fuel record', as the device stores it) in the reader's language. */
export function kindLabel(kind: string): string {
  return known('kinds', kind) ?? kind;
}

/** The kind inside a sentence: 'the fuel record', 'der Tankeintrag'. */
export function kindInSentence(kind: string): string {
  return known('kindsInSentence', kind) ?? kind.toLowerCase();
}

/** A waiting write's field ('pricePerUnit') in the reader's language; another as "Camel case". */
export function fieldLabel(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return known('fields', key) ?? words.charAt(0).toUpperCase() + words.slice(1);
}
