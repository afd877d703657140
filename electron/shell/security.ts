import { app, session } from 'electron';

/** Process-wide hardening that does not depend on a window (Electron security checklist). */
export function hardenSessions(): void {
  // Deny every permission (camera, notifications, geolocation, …): the app needs none.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}
