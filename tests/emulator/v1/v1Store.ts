import { randomUUID } from 'node:crypto';

/** v1 state per organization: projects with their tags, metadata, media and trainings. */
export interface ProjectRecord {
  org: number;
  project: { id: number; name: string; projectType: string; createdAt: string; isActive: boolean };
  tags: Map<number, { name: string; id: number; orgId: number; isArchived: boolean; createdAt: string; updatedAt: string; color: string }>;
  metadata: Map<
    number,
    { name: string; type: string; allowMultiple: boolean; predefinedChoices: string[]; id: number; valueFlexible: boolean }
  >;
  /** mediaId → metadata values. Every project starts with five media. */
  media: Map<number, Record<string, unknown>>;
  /** `metricsAt`: when the run's metrics exist (epoch ms); until then the metrics path answers an empty list. */
  trainings: Map<string, { architecture: string; epochs: number; classes: number; metricsAt: number }>;
}

const COLORS = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#46f0f0'];
export const MEDIA_PER_PROJECT = 5;

export class V1Store {
  private readonly projects = new Map<number, ProjectRecord>();
  private nextId = 1;
  /** How long a training started from now on runs before its metrics exist (`/__control/training/metricsDelay`). */
  metricsDelayMs = 0;

  createProject(org: number, name: string): ProjectRecord {
    const id = this.nextId++;
    const record: ProjectRecord = {
      org,
      project: { id, name, projectType: 'object_detection', createdAt: new Date().toISOString(), isActive: true },
      tags: new Map(),
      metadata: new Map(),
      media: new Map(Array.from({ length: MEDIA_PER_PROJECT }, (_, i) => [id * 100 + i + 1, {}])),
      trainings: new Map(),
    };
    this.projects.set(id, record);
    return record;
  }

  /** A project of another organization is as invisible as a missing one (v1.auth.organization). */
  project(org: number, id: number): ProjectRecord | undefined {
    const record = this.projects.get(id);
    return record && record.org === org ? record : undefined;
  }

  newId(): number {
    return this.nextId++;
  }

  color(id: number): string {
    return COLORS[id % COLORS.length]!;
  }

  newTrainingId(): string {
    return randomUUID();
  }

  all(): ProjectRecord[] {
    return [...this.projects.values()];
  }

  clear(): void {
    this.projects.clear();
    this.metricsDelayMs = 0;
  }
}
