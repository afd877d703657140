import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../../../electron/api/serviceErrors.js';

const response = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers(headers),
  text: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('errorFromResponse', () => {
  it.each([
    [
      'v2 {code, message}',
      response(422, { code: 'unknown_model_version', message: 'No such model.' }),
      { code: 'unknown_model_version', message: 'No such model.', status: 422 },
    ],
    ['v2 with an unknown code', response(409, { code: 'brand_new', message: 'New.' }), { code: 'brand_new', status: 409 }],
    [
      'v2 with a null code and message (the SDK types both nullable)',
      response(503, { code: null, message: null }),
      { code: 'service_unavailable', message: 'The service is temporarily unavailable.', status: 503 },
    ],
    ['v2 with a null code', response(422, { code: null, message: 'No.' }), { code: 'validation_error', message: 'No.', status: 422 }],
    ['v1 {detail: string}', response(401, { detail: 'Bad key.' }), { code: 'invalid_api_key', message: 'Bad key.', status: 401 }],
    ['a non-JSON 503', response(503, '<html>busy</html>'), { code: 'service_unavailable', status: 503 }],
    ['a non-JSON 502', response(502, ''), { code: 'service_error', status: 502 }],
  ])('maps %s', (_name, res, expected) => {
    expect(errorFromResponse(res).toData()).toMatchObject(expected);
  });

  it('turns v1 detail[] into fields keyed by loc without the leading "body"', () => {
    const error = errorFromResponse(
      response(422, {
        detail: [
          { loc: ['body', 'name'], msg: 'Field required', type: 'missing' },
          { loc: ['body', 'transforms', 'augmentations', 0, 'p'], msg: 'Too big', type: 'value_error' },
          { loc: ['query', 'timeout'], msg: 'Not an integer', type: 'int_parsing' },
          { loc: ['body', 'name'], msg: 'Too short', type: 'string_too_short' },
        ],
      }),
    );
    expect(error.fields).toEqual({
      name: 'Field required; Too short',
      'transforms.augmentations.0.p': 'Too big',
      'query.timeout': 'Not an integer',
    });
    expect(error).toMatchObject({ code: 'validation_error', status: 422 });
    expect(error.hint).toBeTruthy();
  });

  it('says how long to wait on 429', () => {
    expect(errorFromResponse(response(429, { code: 'rate_limit_exceeded', message: 'Slow down.' }, { 'Retry-After': '12' })).hint).toMatch(
      /12 s/,
    );
  });
});
