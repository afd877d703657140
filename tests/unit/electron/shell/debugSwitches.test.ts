import { describe, expect, it } from 'vitest';
import { remoteDebuggingRefusal, remoteDebuggingSwitch } from '../../../../electron/shell/debugSwitches.js';

// A packaged app started with a remote-debugging switch refuses to start (electron/shell/main.ts
// calls this with process.argv and app.commandLine.hasSwitch); here on the arguments alone.
const none = () => false;

describe('remote debugging switches', () => {
  it.each([
    [['/opt/Groundwork/groundwork', '--remote-debugging-port=9222'], '--remote-debugging-port'],
    [['groundwork', '--remote-debugging-port', '9222'], '--remote-debugging-port'],
    [['groundwork', '--remote-debugging-pipe'], '--remote-debugging-pipe'],
  ])('finds %j on the command line', (argv, flag) => expect(remoteDebuggingSwitch(argv, none)).toBe(flag));

  it("finds one Chromium was given some other way (app.commandLine's switches)", () => {
    expect(remoteDebuggingSwitch(['groundwork'], (name) => name === 'remote-debugging-pipe')).toBe('--remote-debugging-pipe');
  });

  it('lets an ordinary start and look-alike arguments through', () => {
    expect(remoteDebuggingSwitch(['groundwork', 'invoice.pdf', '--remote-debugging-portal'], none)).toBeNull();
  });

  it('says what happened and what to do', () => {
    const refusal = remoteDebuggingRefusal('--remote-debugging-port');
    expect(refusal.message).toContain('--remote-debugging-port');
    expect(refusal.message).toMatch(/Start Groundwork again without it/);
  });
});
