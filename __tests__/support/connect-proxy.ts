/**
 * A forward proxy for https, as a company network has: it answers `CONNECT host:port` by opening a
 * TCP tunnel, and it alone knows the made-up host names it is given (e.g. service.test →
 * 127.0.0.1), so a client that tried to connect on its own would fail to resolve them. It records
 * every tunnel it opened and every request it refused.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface ConnectProxy {
  url: string;
  /** `host:port` of each tunnel opened, in order. */
  connects: string[];
  /** The request line of each request that was not a CONNECT to a known host. */
  refused: string[];
  close(): Promise<void>;
}

export async function startConnectProxy(hosts: Record<string, string>): Promise<ConnectProxy> {
  const connects: string[] = [];
  const refused: string[] = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    let head = '';
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      client.off('data', onData);
      const line = head.slice(0, head.indexOf('\r\n'));
      const [, host = '', port = ''] = /^CONNECT ([^\s:]+):(\d+) HTTP\/1\.[01]$/.exec(line) ?? [];
      const address = Object.hasOwn(hosts, host) ? hosts[host] : undefined;
      if (!address) {
        refused.push(line);
        client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      connects.push(`${host}:${port}`);
      const upstream = connect(Number(port), address, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.pipe(client);
        client.pipe(upstream);
      });
      track(upstream);
      upstream.once('close', () => client.destroy());
      client.once('close', () => upstream.destroy());
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connects,
    refused,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
