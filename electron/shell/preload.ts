/**
 * The sandboxed preload, bundled to one CommonJS file. It exposes `window.groundwork`:
 * one named function per channel of the IPC table, and event subscription. No generic
 * invoke, no ipcRenderer, nothing else crosses into the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { AppEvent } from '../../shared/events.js';
import { buildGroundworkApi, EVENT_CHANNEL } from '../../shared/ipc/channels.js';

const api = buildGroundworkApi(
  (channel, request) => ipcRenderer.invoke(channel, request),
  (listener) => {
    const wrapped = (_event: IpcRendererEvent, payload: AppEvent) => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
  },
);

contextBridge.exposeInMainWorld('groundwork', api);
