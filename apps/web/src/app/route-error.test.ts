import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { describeRouteError } from './route-error.ts';

describe('describeRouteError', () => {
  it('shows the status and status text of a route error response', () => {
    expect(describeRouteError(new ErrorResponse(404, 'Not Found', null))).toEqual({
      summary: '404 Not Found',
      stack: undefined,
    });
  });

  it('shows the message and stack of an Error', () => {
    const error = new Error('Boom');
    expect(describeRouteError(error)).toEqual({ summary: 'Boom', stack: error.stack });
  });

  it('shows a thrown string as is', () => {
    expect(describeRouteError('Nope')).toEqual({ summary: 'Nope', stack: undefined });
  });
});
