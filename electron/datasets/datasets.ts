import type { Notices } from '../core/notices.js';
import { Inference } from './inference.js';
import { Media, type MediaDeps } from './media.js';
import { MetadataApply, type MetadataApplyDeps } from './metadataApply.js';
import { ProjectRegistry } from './projectRegistry.js';
import { Projects } from './projects.js';
import { Snapshots, type SnapshotsDeps } from './snapshots.js';
import { Training } from './training.js';
import { V1Clients, type V1ClientsDeps } from './v1Clients.js';

export type DatasetsDeps = V1ClientsDeps & MediaDeps & MetadataApplyDeps & SnapshotsDeps & { notices: Notices };

/** The datasets half of the app in main, one service per domain over one registry and one set of v1 clients. */
export interface Datasets {
  /** The local registry (`<data>/datasets.json`) every domain remembers its answers in. */
  store: ProjectRegistry;
  projects: Projects;
  media: Media;
  apply: MetadataApply;
  training: Training;
  snapshots: Snapshots;
  inference: Inference;
}

export function createDatasets(deps: DatasetsDeps): Datasets {
  const store = new ProjectRegistry(deps.dataDir, deps);
  const clients = new V1Clients(store, deps);
  return {
    store,
    projects: new Projects(store, clients, deps.dataDir),
    media: new Media(store, deps),
    apply: new MetadataApply(store, clients, deps),
    training: new Training(store, clients),
    snapshots: new Snapshots(store, clients, deps),
    inference: new Inference(store, clients),
  };
}
