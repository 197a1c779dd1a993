// The whole offline service behind one address, as the hosted service has it: the agent's job
// endpoints (emulator/index.ts) and the assistant (emulator/assistant/index.ts), each on its own
// port, and a small front on 127.0.0.1 that sends /discovery/ to the assistant and everything else
// to the agent emulator. `docs-agent-emulator` (offline-cli.ts) serves it, so that one DOCS_AGENT_BASE_URL
// works for every command, as one base-url does for the action.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ASSISTANT_KEY, DOMAIN, startAssistantEmulator, type AssistantEmulator } from './assistant/index.ts';
import { startEmulator } from './index.ts';
import type { Emulator, JobBehaviour } from './types.ts';

/** The one admin key the offline service takes, and its one project: any other is refused as the service refuses it. */
export const OFFLINE_API_KEY = 'svc_offline_emulator_key';
export const OFFLINE_PROJECT_ID = 'demo';
export { ASSISTANT_KEY as OFFLINE_ASSISTANT_KEY, DOMAIN as OFFLINE_DOMAIN };

export interface OfflineService {
  url: string;
  agent: Emulator;
  assistant: AssistantEmulator;
  close(): Promise<void>;
}

export async function startOfflineService(
  options: { port?: number; job?: Partial<JobBehaviour>; fixtures?: string } = {},
): Promise<OfflineService> {
  const agent = await startEmulator({
    ...(options.job ? { job: options.job } : {}),
    projects: [OFFLINE_PROJECT_ID],
    apiKeys: [OFFLINE_API_KEY],
  });
  const assistant = await startAssistantEmulator(options.fixtures ? { fixtures: options.fixtures } : {});
  const sockets = new Set<Socket>();
  const front: Server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', (req.url ?? '').startsWith('/discovery/') ? assistant.url : agent.url);
    const upstream = request(target, { method: req.method, headers: req.headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end('{"error":"the emulator did not answer"}');
    });
    // A client that goes away (a cancelled answer) ends the upstream request too.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  front.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = front.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    agent,
    assistant,
    close: async () => {
      await new Promise<void>((resolve) => {
        front.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      await Promise.all([agent.close(), assistant.close()]);
    },
  };
}
