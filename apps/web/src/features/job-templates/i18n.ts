import { registerEnglish } from '../../core/i18n/i18n';
import jobTemplates from '../../locales/en/jobTemplates.json' with { type: 'json' };

// The job templates' English texts (Settings > Job templates, the new work order's "Start from
// template", a schedule's job template, an order's checklist), in the chunks that use them.
registerEnglish('jobTemplates', jobTemplates);
