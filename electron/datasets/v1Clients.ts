import { AppError } from '../../shared/errors.js';
import type { ProjectEntry } from '../../shared/datasets/registry.js';
import { loopbackOrigin } from '../api/guardedFetch.js';
import { V1Client } from '../api/v1Client.js';
import type { Credential } from '../api/credential.js';
import type { KeysService } from '../keys/keysService.js';
import type { ProjectRegistry } from './projectRegistry.js';

export interface V1ClientsDeps {
  keys: Pick<KeysService, 'credential'>;
  /** Tests pass retry settings (no waits); the app uses the client defaults. */
  clientOptions?: Pick<ConstructorParameters<typeof V1Client>[0], 'retry' | 'timeoutMs'>;
}

/**
 * The plumbing every datasets domain shares: a v1 key looked up by id (refused when it is
 * not a v1 key), and a client built from it or from the key a project is registered with.
 */
export class V1Clients {
  constructor(
    private readonly store: ProjectRegistry,
    private readonly deps: V1ClientsDeps,
  ) {}

  async client(keyId: string): Promise<V1Client> {
    return this.clientFor(await this.credential(keyId));
  }

  clientFor(credential: Credential): V1Client {
    return new V1Client({ credential, ...this.deps.clientOptions });
  }

  async forProject(projectId: number): Promise<{ project: ProjectEntry; client: V1Client }> {
    const project = await this.store.project(projectId);
    return { project, client: await this.client(project.keyId) };
  }

  async credential(keyId: string): Promise<Credential> {
    const credential = await this.deps.keys.credential(keyId);
    if (credential.kind !== 'v1' && credential.kind !== 'v1-legacy') {
      throw new AppError({
        code: 'wrong_key_kind',
        message: 'This key is not a v1 key; datasets need a v1 key or a v1 legacy key + secret pair.',
        hint: 'Pick a v1 key, or add one on the Keys screen.',
        fields: { keyId: 'Not a v1 key.' },
      });
    }
    return credential;
  }

  /** The origin of the key when its service is on this computer (the emulator): the one local origin a link may point at. */
  async loopbackOriginOf(keyId: string): Promise<string | null> {
    try {
      return loopbackOrigin((await this.credential(keyId)).address);
    } catch {
      // The key is gone: a presigned link needs none, but then only public https is fetched.
      return null;
    }
  }
}
