import { registerEnglish } from '../../core/i18n/i18n';
import settings from '../../locales/en/settings.json' with { type: 'json' };

// The Settings screen's English texts, in its own chunk.
registerEnglish('settings', settings);
