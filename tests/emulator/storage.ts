/**
 * A tiny object store the emulator hosts at `/__storage/<name>`: `PUT` stores, `GET`
 * serves. It is where jobs deliver to an `output_save_url` the emulator can itself host,
 * and where tests put documents for `document_url`.
 */
export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
  storedAt: string;
}

export class ObjectStore {
  private readonly objects = new Map<string, StoredObject>();

  put(name: string, bytes: Uint8Array, contentType: string): void {
    this.objects.set(name, { bytes, contentType, storedAt: new Date().toISOString() });
  }

  get(name: string): StoredObject | undefined {
    return this.objects.get(name);
  }

  names(): string[] {
    return [...this.objects.keys()];
  }

  clear(): void {
    this.objects.clear();
  }
}
