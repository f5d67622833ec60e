import { registerEnglish } from '../i18n/i18n';
import texts from '../../locales/en/forms.json' with { type: 'json' };

// The record-form kit's English texts, in the chunk of the forms that use it.
registerEnglish('forms', texts);
