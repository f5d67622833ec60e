import { registerEnglish } from '../../core/i18n/i18n';
import auth from '../../locales/en/auth.json' with { type: 'json' };

// The sign-in screens' English texts, in their own chunk.
registerEnglish('auth', auth);
