import { AppError } from '../../shared/errors.js';
import { IMAGE_KINDS_TEXT } from '../../shared/imageFormats.js';
import type { InferenceResult } from '../../shared/ipc/datasets.js';
import { sniffDocument } from '../formats/sniff.js';
import { validateEndpointUrl } from '../keys/keyValidation.js';
import type { ProjectRegistry } from './projectRegistry.js';
import type { V1Clients } from './v1Clients.js';

/** Images posted to a deployment endpoint with a v1 key. */
export class Inference {
  constructor(
    private readonly store: ProjectRegistry,
    private readonly clients: V1Clients,
  ) {}

  /**
   * Posts one image to a deployment endpoint; with a project, remembers the endpoint for it
   * once it answered (written only when it changed). Aborting `signal` abandons the call and
   * its retries.
   */
  async infer(
    keyId: string,
    endpointUrl: string,
    fileName: string,
    bytes: Uint8Array,
    projectId?: number,
    signal?: AbortSignal,
  ): Promise<InferenceResult> {
    const kind = sniffDocument(bytes);
    if (kind?.kind !== 'image') {
      throw new AppError({
        code: 'not_an_image',
        message: `"${fileName}" is not an image.`,
        hint: `Drop a ${IMAGE_KINDS_TEXT} image.`,
        fields: { file: 'Not an image.' },
      });
    }
    const endpoint = validateEndpointUrl(endpointUrl);
    const client = await this.clients.client(keyId);
    if (!client.mayCall(endpoint.toString())) {
      throw new AppError({
        code: 'inference_host_unconfirmed',
        message: `This key has not been sent to ${endpoint.host} before.`,
        hint: `Confirm that ${endpoint.host} is your deployment's host to send the key there; a pasted or unexpected address may be a trap.`,
      });
    }
    if (signal?.aborted) throw new AppError({ code: 'cancelled', message: 'Inference was cancelled.' });
    const result = await client.infer(endpoint.toString(), { bytes, filename: fileName }, signal ? { signal } : {});
    if (projectId === undefined) return { result, mime: kind.mime };
    const url = endpoint.toString();
    try {
      const project = await this.store.updateProject(projectId, (p) =>
        p.inferenceEndpoint === url ? p : { ...p, inferenceEndpoint: url },
      );
      return { result, mime: kind.mime, project };
    } catch (error) {
      // Forgotten while the image was out: the (billed) answer is still the user's; only the endpoint has nowhere to go.
      if (error instanceof AppError && error.code === 'unknown_project') return { result, mime: kind.mime };
      throw error;
    }
  }
}
