import { registerEnglish } from '../../core/i18n/i18n';
import texts from '../../locales/en/work.json' with { type: 'json' };

// This feature's English texts, in its own chunk (so far the My work page's and the issue photos';
// the rest of work-orders converts later; issue 35).
registerEnglish('work', texts);
