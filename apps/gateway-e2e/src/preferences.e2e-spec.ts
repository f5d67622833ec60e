import { ApiClient, createApprovedUser, e2eProducts, joinAccount } from '@wrenchlog/testing';

const US = {
  distanceUnit: 'mi',
  volumeUnit: 'gal_us',
  economyUnit: 'mpg_us',
  currency: 'USD',
  dateFormat: 'YYYY-MM-DD',
  weekStart: 0,
  timeZone: 'UTC',
  theme: 'system',
  language: 'en',
};

// Preferences (issue 34): each member's units, currency, formats and theme, falling back field by
// field to their account's defaults, which owners and managers set.
describe.each(e2eProducts())('preferences (%s)', (mode, baseUrl) => {
  const api = new ApiClient(baseUrl);

  it("answers the spec's US units and dollars when nothing is set", async () => {
    const owner = await createApprovedUser(api, { name: 'Plain Garage' });

    const res = await api.get('/api/user/preferences', owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...US, own: {}, accountDefaults: US });
  });

  it("keeps a member's own choice, falls back to the account's defaults for the rest, and to them again when cleared", async () => {
    const owner = await createApprovedUser(api, { name: 'Alpine Haulage' });
    const accountId = (await api.get('/api/user/me', owner.token)).body.accountId as number;
    const manager = await joinAccount(api, mode, owner.token, 'manager');
    const operator = await joinAccount(api, mode, owner.token, 'operator');

    const defaults = await api.put(
      `/api/accounts/${accountId}`,
      { defaults: { distanceUnit: 'km', volumeUnit: 'l', economyUnit: 'l_per_100km', currency: 'EUR', timeZone: 'Europe/Vienna' } },
      manager.token,
    );
    expect(defaults.status).toBe(200);
    expect(defaults.body).toMatchObject({
      id: accountId,
      name: 'Alpine Haulage',
      defaults: { ...US, distanceUnit: 'km', volumeUnit: 'l', economyUnit: 'l_per_100km', currency: 'EUR', timeZone: 'Europe/Vienna' },
    });
    expect((await api.get(`/api/accounts/${accountId}`, operator.token)).body).toMatchObject({
      id: accountId,
      role: 'operator',
      defaults: { currency: 'EUR' },
    });

    const own = await api.put('/api/user/preferences', { volumeUnit: 'gal_uk', theme: 'dark', weekStart: 1 }, operator.token);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      distanceUnit: 'km',
      volumeUnit: 'gal_uk',
      economyUnit: 'l_per_100km',
      currency: 'EUR',
      timeZone: 'Europe/Vienna',
      theme: 'dark',
      weekStart: 1,
    });
    expect(own.body.own).toEqual({ volumeUnit: 'gal_uk', theme: 'dark', weekStart: 1 });
    // Another member is not touched by it; the owner sees the account's defaults.
    expect((await api.get('/api/user/preferences', owner.token)).body).toMatchObject({ volumeUnit: 'l', theme: 'system', weekStart: 0 });

    // A PUT of what a read answered is accepted (own and accountDefaults ignored).
    const echoed = await api.put('/api/user/preferences', (await api.get('/api/user/preferences', operator.token)).body, operator.token);
    expect(echoed.status).toBe(200);

    const cleared = await api.put('/api/user/preferences', { theme: 'dark' }, operator.token);
    expect(cleared.body).toMatchObject({ volumeUnit: 'l', weekStart: 0, theme: 'dark' });
    expect((await api.get('/api/user/preferences', operator.token)).body.own).toEqual({ theme: 'dark' });

    // Defaults are replaced: what the account no longer sets is the built-in default again.
    await api.put(`/api/accounts/${accountId}`, { defaults: { currency: 'CHF' } }, owner.token);
    expect((await api.get('/api/user/preferences', operator.token)).body).toMatchObject({ ...US, currency: 'CHF', theme: 'dark' });
  });

  it('refuses unknown units, a bad currency, an unknown time zone and a week start out of range, field by field', async () => {
    const owner = await createApprovedUser(api, { name: 'Strict Yard' });
    const accountId = (await api.get('/api/user/me', owner.token)).body.accountId as number;

    const bad = await api.put('/api/user/preferences', { distanceUnit: 'furlong', currency: 'usd', timeZone: 'Mars/Olympus', weekStart: 7 }, owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'distanceUnit', message: 'Distance unit must be one of mi, km' },
        { field: 'currency', message: 'Currency must be an ISO 4217 code such as USD or EUR' },
        { field: 'timeZone', message: 'Time zone must be an IANA time zone such as Europe/Paris' },
        { field: 'weekStart', message: 'First day of the week must be a whole number from 0 (Sunday) to 6 (Saturday)' },
      ]),
    );
    expect(bad.body.errors).toHaveLength(4);
    expect((await api.put('/api/user/preferences', { theme: 'sepia' }, owner.token)).body.errors).toEqual([
      { field: 'theme', message: 'Theme must be one of system, light, dark' },
    ]);

    const badDefaults = await api.put(`/api/accounts/${accountId}`, { defaults: { volumeUnit: 'barrel' } }, owner.token);
    expect(badDefaults.status).toBe(400);
    expect(badDefaults.body.errors).toEqual([{ field: 'defaults.volumeUnit', message: 'Volume unit must be one of gal_us, gal_uk, l' }]);
    // Nothing was stored by the refusals.
    expect((await api.get('/api/user/preferences', owner.token)).body).toMatchObject(US);
  });

  it("lets a viewer not set the account's defaults (403), a manager not rename, and a stranger not see them (404)", async () => {
    const owner = await createApprovedUser(api, { name: 'Guarded Fleet' });
    const accountId = (await api.get('/api/user/me', owner.token)).body.accountId as number;
    const viewer = await joinAccount(api, mode, owner.token, 'viewer');
    const stranger = await createApprovedUser(api, { name: 'Elsewhere' });

    const refused = await api.put(`/api/accounts/${accountId}`, { defaults: { currency: 'GBP' } }, viewer.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: "Your role (viewer) cannot set the account's default units, currency and formats" });
    // A manager may set defaults but not rename: the rename is refused first and nothing changes.
    const manager = await joinAccount(api, mode, owner.token, 'manager');
    expect((await api.put(`/api/accounts/${accountId}`, { name: 'Renamed', defaults: { currency: 'GBP' } }, manager.token)).status).toBe(403);
    expect((await api.get(`/api/accounts/${accountId}`, owner.token)).body).toMatchObject({ name: 'Guarded Fleet', defaults: { currency: 'USD' } });

    expect((await api.get(`/api/accounts/${accountId}`, stranger.token)).status).toBe(404);
    expect((await api.put(`/api/accounts/${accountId}`, { defaults: { currency: 'GBP' } }, stranger.token)).status).toBe(404);
    // The viewer keeps their own preferences.
    expect((await api.put('/api/user/preferences', { currency: 'GBP' }, viewer.token)).body).toMatchObject({ currency: 'GBP' });
  });
});
