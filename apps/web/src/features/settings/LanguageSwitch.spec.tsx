import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PREFERENCES } from '@wrenchlog/contracts/limits';
import { createAppServices } from '../../app/services';
import { switchLanguage } from '../../core/i18n/i18n';
import { json, mockFetch, renderApp, signIn } from '../../test/harness';
import SettingsPage from './SettingsPage';

// Issue 34: choosing German in Settings shows the screen in German at once (no reload), and the
// numbers follow the German locale.

const user = userEvent.setup({ delay: null });

function renderSettings() {
  signIn();
  const services = createAppServices({ locks: undefined, onStorage: undefined });
  (services.session as unknown as { set(v: object): void }).set({
    status: 'authenticated',
    user: { id: 42, name: 'Pat Owner', username: 'pat@example.com', adminLevel: 0, accountId: 42, role: 'mechanic' },
  });
  return renderApp(<SettingsPage />, { url: '/settings', path: '/settings', services });
}

function backend() {
  let own: Record<string, unknown> = {};
  const view = () => ({ ...DEFAULT_PREFERENCES, ...own, own, accountDefaults: DEFAULT_PREFERENCES });
  return mockFetch({
    'GET /api/user/42/imageStats': json({ imageCount: 1234, totalImageSize: 5 * 1048576 }),
    'GET /api/user/preferences': () => json(view()),
    'PUT /api/user/preferences': ({ body }) => {
      own = body as Record<string, unknown>;
      return json(view());
    },
    'GET /api/notifications/preferences': json({
      digestTime: '07:00',
      timeZone: 'Europe/Berlin',
      kinds: { maintenance: ['inapp'], lowStock: [], weeklyReport: [] },
    }),
    'GET /api/webhooks': json([]),
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => switchLanguage('en'));

describe('choosing the language in Settings', () => {
  it('shows Settings in German once Deutsch is saved, without a reload', async () => {
    const { calls } = backend();
    renderSettings();
    const form = await screen.findByRole('form', { name: 'Preferences form' });
    expect(within(form).getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('Account default (English)');

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Language' }), 'de');
    await user.click(within(form).getByRole('button', { name: 'Save preferences' }));

    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ language: 'de' });
    expect(await screen.findByRole('heading', { name: 'Einstellungen', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Einstellungen', 'Arbeitsvorlagen', 'API-Tokens']);
    const german = await screen.findByRole('form', { name: 'Formular Einstellungen für Sie' });
    expect(within(german).getByRole('combobox', { name: 'Sprache' })).toHaveDisplayValue('Deutsch');
    expect(within(german).getByRole('button', { name: 'Einstellungen speichern' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Kontodaten' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  });
});
