import { registerEnglish } from '../../core/i18n/i18n';
import notifications from '../../locales/en/notifications.json' with { type: 'json' };

// The notification screens' English texts (the list, Settings > Notifications), in their own chunk.
registerEnglish('notifications', notifications);
