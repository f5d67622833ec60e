import { registerEnglish } from '../../core/i18n/i18n';
import texts from '../../locales/en/work.json' with { type: 'json' };

// This feature's English texts (so far the issue photos; the rest of work-orders converts later), in its own chunk.
registerEnglish('work', texts);
