// The minimal floor (bench/floor-minimal.js) that also loads node:https, as any request to a real,
// https, service must; it still sends its request to the emulator over http. The action's
// @actions/http-client imports node:https when it loads, whatever the URL: this floor shows how much
// of the action's excess over the minimal floor that is.
process.getBuiltinModule('node:https');
await import('./floor-minimal.js');
