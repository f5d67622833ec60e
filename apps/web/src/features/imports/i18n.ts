import { registerEnglish } from '../../core/i18n/i18n';
import texts from '../../locales/en/imports.json' with { type: 'json' };

// This feature's English texts, in its own chunk.
registerEnglish('imports', texts);
