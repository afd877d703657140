import { describe, expect, it } from 'vitest';
import { caught, PNG, pdf, useEmulator } from '../../../support/emulatorHarness.js';
import { KEY_IDS, useDatasets } from './datasetsHarness.js';

const holder = useEmulator();
const ds = useDatasets(holder);

describe('inference', () => {
  it('runs inference with a key, and with a legacy pair (apikey + apisecret)', async () => {
    const url = `${holder.emulator.url}/inference/v1/predict?endpoint_id=ep-7`;
    expect(await ds.inference.infer(KEY_IDS.v1, url, 'a.png', PNG)).toMatchObject({ mime: 'image/png', result: { endpoint_id: 'ep-7' } });
    expect(await ds.inference.infer(KEY_IDS.legacy, url, 'a.png', PNG)).toMatchObject({
      result: { predictions: { labelName: expect.any(String) } },
    });
    expect(await caught(ds.inference.infer(KEY_IDS.badLegacy, url, 'a.png', PNG))).toMatchObject({ status: 401 });
    const before = holder.emulator.requests.length;
    expect(await caught(ds.inference.infer(KEY_IDS.v1, url, 'a.pdf', await pdf(1)))).toMatchObject({
      code: 'not_an_image',
      fields: { file: expect.any(String) },
    });
    expect(await caught(ds.inference.infer(KEY_IDS.v1, 'ftp://x/y', 'a.png', PNG))).toMatchObject({
      fields: { endpoint: expect.any(String) },
    });
    expect(holder.emulator.requests.length).toBe(before);
  });
});
