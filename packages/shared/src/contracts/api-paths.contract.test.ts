import { describe, expect, it } from 'vitest';
import { APP_ROUTES, apiPaths, appPaths } from './api-paths.contract.ts';
import { pathParamNamesOf, urlOf } from './endpoint.contract.ts';
import { ENDPOINTS } from './endpoints.contract.ts';
import type { EndpointName } from './endpoints.contract.ts';

describe('API paths', () => {
  it('builds every video-edit path of spec section 7', () => {
    expect(apiPaths.autojobs()).toBe('/api/manage/autojobs');
    expect(apiPaths.autojobCreate()).toBe('/api/manage/autojob');
    expect(apiPaths.autojob('j1')).toBe('/api/manage/autojob/j1');
    expect(apiPaths.autojobSteps('j1')).toBe('/api/manage/autojob/j1/steps');
    expect(apiPaths.autojobStep('j1')).toBe('/api/manage/autojob/j1/step');
    expect(apiPaths.autojobStepDelete('j1')).toBe('/api/manage/autojob/j1/step/delete');
    expect(apiPaths.autojobStart('j1')).toBe('/api/manage/autojob/j1/start');
    expect(apiPaths.autojobCancel('j1')).toBe('/api/manage/autojob/j1/cancel');
    expect(apiPaths.autojobAssets('j1')).toBe('/api/manage/autojob/j1/assets');
    expect(apiPaths.autojobAssetsAll('j1')).toBe('/api/manage/autojob/j1/assets/all');
    expect(apiPaths.autojobAsset('j1', 'a1')).toBe('/api/manage/autojob/j1/asset/a1');
    expect(apiPaths.autojobDownload('j1')).toBe('/api/manage/autojob/j1/download');
    expect(apiPaths.autojobUpload('j1')).toBe('/api/manage/autojob/j1/upload');
  });

  it('builds the clip paths', () => {
    const base = '/api/manage/autojob/j1/instance/i1';
    expect(apiPaths.instanceClips('j1', 'i1')).toBe(`${base}/clips`);
    expect(apiPaths.instanceConfirm('j1', 'i1')).toBe(`${base}/confirm`);
    expect(apiPaths.instanceClipsConfirm('j1', 'i1')).toBe(`${base}/clips/confirm`);
    expect(apiPaths.instanceClipsUnconfirm('j1', 'i1')).toBe(`${base}/clips/unconfirm`);
    expect(apiPaths.clip('j1', 'i1', 'c1')).toBe(`${base}/clip/c1`);
    expect(apiPaths.clipConfirm('j1', 'i1', 'c1')).toBe(`${base}/clip/c1/confirm`);
    expect(apiPaths.clipUnconfirm('j1', 'i1', 'c1')).toBe(`${base}/clip/c1/unconfirm`);
    expect(apiPaths.clipWaveform('j1', 'i1', 'c1')).toBe(`${base}/clip/c1/waveform`);
  });

  it('builds template, example, billing and account paths', () => {
    expect(apiPaths.templates()).toBe('/api/manage/template');
    expect(apiPaths.template('t1')).toBe('/api/manage/template/t1');
    expect(apiPaths.drawExample({ width: 1080, height: 1920, r: 0, g: 0, b: 0 })).toBe(
      '/api/draw/example?width=1080&height=1920&r=0&g=0&b=0',
    );
    expect(apiPaths.checkoutSession('stripe')).toBe('/api/stripe/create-checkout-session');
    expect(apiPaths.customer('stripe', 'cs_1')).toBe('/api/stripe/customer/cs_1');
    expect(apiPaths.resetPasswordRequest('a@b.c')).toBe('/api/resetpassword/a%40b.c');
    expect(apiPaths.updateEmailConfirm('x')).toBe('/api/updateemail/x/confirm');
  });

  it('encodes parameters so ids cannot change the path', () => {
    expect(apiPaths.autojob('a/../b')).toBe('/api/manage/autojob/a%2F..%2Fb');
  });

  it('fills every entry of the endpoint table from its own pattern', () => {
    for (const [name, entry] of Object.entries(ENDPOINTS)) {
      const names = pathParamNamesOf(entry.path);
      const build = apiPaths[name as EndpointName] as (...args: string[]) => string;
      expect(build(...names.map((param) => `${param}-value`))).toBe(
        entry.path.replace(/:(\w+)/g, (_, param: string) => `${param}-value`),
      );
    }
  });

  it('describes each method and path once, with params matching the pattern', () => {
    const routes = Object.values(ENDPOINTS).map((entry) => `${entry.method} ${entry.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const entry of Object.values(ENDPOINTS)) {
      const names = pathParamNamesOf(entry.path);
      const shape = 'params' in entry ? Object.keys(entry.params.shape) : [];
      expect(shape.sort()).toEqual([...names].sort());
    }
  });

  it('adds a query only when one is given', () => {
    expect(apiPaths.autojobDownload('j1')).toBe('/api/manage/autojob/j1/download');
    expect(apiPaths.autojobDownload('j1', { asset_id: 'a 1' })).toBe(
      '/api/manage/autojob/j1/download?asset_id=a+1',
    );
    expect(urlOf(ENDPOINTS.clip, { id: 'j', instance_id: 'i', clip_id: 'c' })).toBe(
      '/api/manage/autojob/j/instance/i/clip/c',
    );
    expect(() => urlOf(ENDPOINTS.clip, { id: 'j' })).toThrow(/instance_id/);
  });

  it('builds the screen paths', () => {
    expect(APP_ROUTES.job).toBe('/manage/automation/:job_id');
    expect(appPaths.job('j1')).toBe('/manage/automation/j1');
    expect(appPaths.clip('j1', 'c1')).toBe('/manage/automation/j1/clip/c1');
  });
});
