import { GatewayEnv } from '../config/gateway-env.js';
import { marketingCspSources } from './marketing-csp.js';
import { PublicConfigController } from './public-config.controller.js';

describe(PublicConfigController.name, () => {
  it('answers null ids when the operator configured no marketing tags', () => {
    expect(new PublicConfigController(new GatewayEnv()).get()).toEqual({ metaPixelId: null, googleTagManagerId: null });
  });

  it('answers the configured pixel and tag manager ids', () => {
    const env = Object.assign(new GatewayEnv(), { META_PIXEL_ID: '123456789012345', GTM_ID: 'GTM-AB12CD' });
    expect(new PublicConfigController(env).get()).toEqual({ metaPixelId: '123456789012345', googleTagManagerId: 'GTM-AB12CD' });
  });
});

describe(marketingCspSources.name, () => {
  it('adds no source when no tag is configured', () => {
    expect(marketingCspSources({})).toEqual({ scriptSrc: [], imgSrc: [], connectSrc: [] });
  });

  it('allows the pixel and tag manager script hosts only for the configured tags', () => {
    expect(marketingCspSources({ META_PIXEL_ID: '123456789012345' }).scriptSrc).toEqual(['https://connect.facebook.net']);
    expect(marketingCspSources({ GTM_ID: 'GTM-AB12CD' }).scriptSrc).toEqual(['https://www.googletagmanager.com']);
  });
});
