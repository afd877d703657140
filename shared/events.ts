/** Events main sends to the renderer on the one event channel. */
export interface ProgressEvent {
  type: 'progress';
  /** Identifies the long-running task (a parse, a batch, a download). */
  taskId: string;
  done: number;
  total: number;
  message?: string;
}

export interface NoticeEvent {
  type: 'notice';
  level: 'info' | 'warning' | 'error';
  message: string;
}

export type AppEvent = ProgressEvent | NoticeEvent;
