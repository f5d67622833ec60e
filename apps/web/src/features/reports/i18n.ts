import { registerEnglish } from '../../core/i18n/i18n';
import texts from '../../locales/en/reports.json' with { type: 'json' };

// This feature's English texts, in its own chunk.
registerEnglish('reports', texts);
