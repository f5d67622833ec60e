import { registerEnglish } from '../../core/i18n/i18n';
import texts from '../../locales/en/work.json' with { type: 'json' };

// This feature's English texts, in its own chunk (the My work page's so far; issue 35).
registerEnglish('work', texts);
