// SPEC 7 "Video edits (auto jobs)": an edit, its steps, its run, its assets and its upload.
import {
  assetListResponseSchema,
  assetParamsSchema,
  assetUrlResponseSchema,
  downloadQuerySchema,
  downloadResponseSchema,
  uploadResponseSchema,
} from './asset.contract.ts';
import {
  addStepRequestSchema,
  autoJobListResponseSchema,
  autoJobParamsSchema,
  autoJobResponseSchema,
  cancelAutoJobResponseSchema,
  createAutoJobRequestSchema,
  createAutoJobResponseSchema,
  deleteStepRequestSchema,
  startAutoJobResponseSchema,
  stepChangeResponseSchema,
  stepListResponseSchema,
  updateAutoJobRequestSchema,
  updateAutoJobResponseSchema,
} from './autojob.contract.ts';
import { okResponseSchema } from './common.contract.ts';
import { endpoint } from './endpoint.contract.ts';
import type { Endpoint } from './endpoint.contract.ts';
import { editExportParamsSchema, exportQuerySchema } from './export.contract.ts';
import { languageListResponseSchema } from './languages.contract.ts';

const user = 'user' as const;

export const EDIT_ENDPOINTS = {
  autojobs: endpoint({
    method: 'GET',
    path: '/api/manage/autojobs',
    auth: user,
    response: autoJobListResponseSchema,
  }),
  autojobCreate: endpoint({
    method: 'PUT',
    path: '/api/manage/autojob',
    auth: user,
    idempotent: true,
    body: createAutoJobRequestSchema,
    response: createAutoJobResponseSchema,
  }),
  autojob: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id',
    auth: user,
    params: autoJobParamsSchema,
    response: autoJobResponseSchema,
  }),
  autojobUpdate: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id',
    auth: user,
    params: autoJobParamsSchema,
    body: updateAutoJobRequestSchema,
    response: updateAutoJobResponseSchema,
  }),
  autojobDelete: endpoint({
    method: 'DELETE',
    path: '/api/manage/autojob/:id',
    auth: user,
    params: autoJobParamsSchema,
    response: okResponseSchema,
  }),
  autojobSteps: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/steps',
    auth: user,
    params: autoJobParamsSchema,
    response: stepListResponseSchema,
  }),
  autojobStep: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/step',
    auth: user,
    params: autoJobParamsSchema,
    body: addStepRequestSchema,
    response: stepChangeResponseSchema,
  }),
  autojobStepDelete: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/step/delete',
    auth: user,
    params: autoJobParamsSchema,
    body: deleteStepRequestSchema,
    response: stepChangeResponseSchema,
  }),
  autojobStart: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/start',
    auth: user,
    params: autoJobParamsSchema,
    response: startAutoJobResponseSchema,
  }),
  autojobCancel: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/cancel',
    auth: user,
    params: autoJobParamsSchema,
    response: cancelAutoJobResponseSchema,
  }),
  autojobAssets: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/assets',
    auth: user,
    params: autoJobParamsSchema,
    response: assetListResponseSchema,
  }),
  autojobAssetsAll: endpoint({
    method: 'DELETE',
    path: '/api/manage/autojob/:id/assets/all',
    auth: user,
    params: autoJobParamsSchema,
    response: okResponseSchema,
  }),
  autojobAsset: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/asset/:asset_id',
    auth: user,
    params: assetParamsSchema,
    response: assetUrlResponseSchema,
  }),
  autojobDownload: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/download',
    auth: user,
    params: autoJobParamsSchema,
    query: downloadQuerySchema,
    response: downloadResponseSchema,
  }),
  /**
   * Not in the spec: the edit's long form as an editor timeline or a transcript timed on the cut
   * video, the file itself (content-disposition attachment); `?media_folder=` links the video by
   * its absolute path in that folder.
   */
  editExport: endpoint({
    method: 'GET',
    path: '/api/manage/autojob/:id/export/:format',
    auth: user,
    changesState: true,
    params: editExportParamsSchema,
    query: exportQuerySchema,
    responseKind: 'file',
  }),
  autojobUpload: endpoint({
    method: 'POST',
    path: '/api/manage/autojob/:id/upload',
    auth: user,
    idempotent: true,
    params: autoJobParamsSchema,
    bodyKind: 'multipart',
    response: uploadResponseSchema,
  }),
  /** Not in the spec's table: the create panel's language choices. */
  languages: endpoint({
    method: 'GET',
    path: '/api/manage/languages',
    auth: user,
    response: languageListResponseSchema,
  }),
} as const satisfies Record<string, Endpoint>;
