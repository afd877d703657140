import type { AppNotice } from '../../shared/ipc/app.js';

/** Things main wants the user to know at start-up (a settings file that was reset, say). */
export class Notices {
  private readonly list: AppNotice[] = [];

  add(notice: AppNotice): void {
    if (!this.list.some((n) => n.id === notice.id)) this.list.push(notice);
  }

  dismiss(id: string): void {
    const index = this.list.findIndex((n) => n.id === id);
    if (index >= 0) this.list.splice(index, 1);
  }

  all(): AppNotice[] {
    return [...this.list];
  }
}
