import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS, EVENT_CHANNEL } from '../../shared/ipc/channels.js';
import type { AppEvent } from '../../shared/events.js';
import type { HandlerTable } from '../core/ipcDispatch.js';
import { dispatch } from '../core/ipcDispatch.js';
import type { Logger } from '../core/log.js';
import { APP_ORIGIN } from './protocol.js';

/** Registers every channel of the table; calls from anything but our window's own page are refused. */
export function registerIpc(handlers: HandlerTable, logger: Logger, window: () => BrowserWindow | null): void {
  const trusted = (event: IpcMainInvokeEvent): boolean => {
    const win = window();
    const frameUrl = event.senderFrame?.url ?? '';
    return !!win && event.sender === win.webContents && frameUrl.startsWith(`${APP_ORIGIN}/`);
  };
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event, request: unknown) => {
      if (!trusted(event)) {
        logger.warn('ipc call from untrusted sender refused', { channel });
        return { ok: false, error: { code: 'forbidden_sender', message: 'This window may not call Groundwork.' } };
      }
      return dispatch(handlers, channel, request, logger);
    });
  }
}

export function sendEvent(window: BrowserWindow | null, event: AppEvent): void {
  if (window && !window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event);
}
