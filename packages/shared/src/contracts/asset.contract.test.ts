import { describe, expect, it } from 'vitest';
import {
  assetListResponseSchema,
  assetParamsSchema,
  assetSchema,
  downloadQuerySchema,
  urlResponseSchema,
} from './asset.contract.ts';

const asset = {
  id: 'a1',
  name: 'talk.mp4',
  asset_type: 'unedited_video',
  size: 100,
  uploaded_amount: 40,
  status: 'uploading',
};

describe('asset contracts', () => {
  it('parses an assets list', () => {
    const failed = { ...asset, id: 'a2', status: 'failed', failure_reason: 'No audio track.' };
    const edited = { ...asset, id: 'a3', asset_type: 'edited_video', status: 'uploaded' };
    expect(assetListResponseSchema.parse({ assets: [asset, failed, edited] }).assets).toHaveLength(
      3,
    );
  });

  it('rejects unknown asset types and statuses', () => {
    expect(assetSchema.safeParse({ ...asset, asset_type: 'audio' }).success).toBe(false);
    expect(assetSchema.safeParse({ ...asset, status: 'done' }).success).toBe(false);
    expect(assetSchema.safeParse({ ...asset, size: -1 }).success).toBe(false);
  });

  it('reads asset params and the {url} responses', () => {
    expect(assetParamsSchema.parse({ id: 'j', asset_id: 'a' })).toEqual({ id: 'j', asset_id: 'a' });
    expect(assetParamsSchema.safeParse({ id: 'j' }).success).toBe(false);
    expect(urlResponseSchema.parse({ url: '/files/x?sig=1' }).url).toBe('/files/x?sig=1');
    expect(urlResponseSchema.safeParse({ url: '' }).success).toBe(false);
    expect(downloadQuerySchema.parse({})).toEqual({});
  });
});
