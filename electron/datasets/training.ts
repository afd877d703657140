import type { TrainingRequest } from '../../shared/contracts/v1Datasets.js';
import type { ProjectEntry } from '../../shared/datasets/registry.js';
import type { ProjectRegistry } from './projectRegistry.js';
import type { V1Clients } from './v1Clients.js';

/** Trainings started on the service and their metrics, each remembered with its project. */
export class Training {
  constructor(
    private readonly store: ProjectRegistry,
    private readonly clients: V1Clients,
  ) {}

  async startTraining(projectId: number, request: TrainingRequest): Promise<ProjectEntry> {
    const { client } = await this.clients.forProject(projectId);
    const id = await client.train(projectId, request);
    return this.store.updateProject(projectId, (p) => ({
      ...p,
      trainings: [{ id, startedAt: new Date().toISOString(), request }, ...p.trainings],
    }));
  }

  async trainingMetrics(projectId: number, trainingId: string): Promise<ProjectEntry> {
    const { client } = await this.clients.forProject(projectId);
    const metrics = await client.trainingMetrics(projectId, trainingId);
    const metricsAt = new Date().toISOString();
    return this.store.updateProject(projectId, (p) => {
      const known = p.trainings.find((t) => t.id === trainingId);
      // Asked again with the same answer (a run still training): datasets.json is not rewritten.
      if (known?.metricsAt && JSON.stringify(known.metrics) === JSON.stringify(metrics)) return p;
      const trainings = known
        ? p.trainings.map((t) => (t.id === trainingId ? { ...t, metrics, metricsAt } : t))
        : [{ id: trainingId, startedAt: metricsAt, request: {}, metrics, metricsAt }, ...p.trainings];
      return { ...p, trainings };
    });
  }
}
