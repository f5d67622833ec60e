import common from './common.json' with { type: 'json' };
import auth from './auth.json' with { type: 'json' };
import settings from './settings.json' with { type: 'json' };
import machines from './machines.json' with { type: 'json' };
import dashboard from './dashboard.json' with { type: 'json' };
import forms from './forms.json' with { type: 'json' };
import offline from './offline.json' with { type: 'json' };
import fuelRecord from './fuelRecord.json' with { type: 'json' };
import fastCreate from './fastCreate.json' with { type: 'json' };
import serviceRecord from './serviceRecord.json' with { type: 'json' };
import serviceRecords from './serviceRecords.json' with { type: 'json' };
import history from './history.json' with { type: 'json' };
import documents from './documents.json' with { type: 'json' };
import reports from './reports.json' with { type: 'json' };
import imports from './imports.json' with { type: 'json' };
import accounts from './accounts.json' with { type: 'json' };
import admin from './admin.json' with { type: 'json' };
import analytics from './analytics.json' with { type: 'json' };
import notifications from './notifications.json' with { type: 'json' };
import work from './work.json' with { type: 'json' };
import jobTemplates from './jobTemplates.json' with { type: 'json' };

// Loaded on demand (a chunk of its own) when a member chooses this language.
export default {
  common,
  dashboard,
  machines,
  settings,
  auth,
  forms,
  offline,
  fuelRecord,
  fastCreate,
  serviceRecord,
  serviceRecords,
  history,
  documents,
  reports,
  imports,
  accounts,
  admin,
  analytics,
  notifications,
  work,
  jobTemplates,
};
