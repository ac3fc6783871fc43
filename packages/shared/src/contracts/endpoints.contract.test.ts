import { describe, expect, it } from 'vitest';
import { ACCOUNT_ENDPOINTS } from './account-endpoints.contract.ts';
import { AUTH_ENDPOINTS } from './auth-endpoints.contract.ts';
import { CLIP_ENDPOINTS } from './clip-endpoints.contract.ts';
import { EDIT_ENDPOINTS } from './edit-endpoints.contract.ts';
import { ENDPOINTS } from './endpoints.contract.ts';
import { INTEGRATION_ENDPOINTS } from './integration-endpoints.contract.ts';
import { TEMPLATE_ENDPOINTS } from './template-endpoints.contract.ts';

describe('endpoint table', () => {
  it('holds every room entry once: no name in two rooms', () => {
    const rooms = [
      AUTH_ENDPOINTS,
      ACCOUNT_ENDPOINTS,
      EDIT_ENDPOINTS,
      CLIP_ENDPOINTS,
      TEMPLATE_ENDPOINTS,
      INTEGRATION_ENDPOINTS,
    ];
    const names = rooms.flatMap((room) => Object.keys(room));
    expect(Object.keys(ENDPOINTS)).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
  });
});
