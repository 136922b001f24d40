import net from 'node:net';

/**
 * A TCP proxy in front of a database server that can be frozen: from then on nothing passes in
 * either direction and new connections are accepted but never answered — a server that went
 * away without closing its sockets (a dead host, a network partition). For tests of calls that
 * must settle although the driver never hears back.
 */
export interface FrozenProxy {
  port: number;
  freeze(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(host: string, port: number): Promise<FrozenProxy> {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket): void => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
  };
  const server = net.createServer((client) => {
    track(client);
    if (frozen) return; // accepted, never answered
    const upstream = net.connect(port, host);
    track(upstream);
    client.on('data', (d) => {
      if (!frozen) upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (!frozen) client.write(d);
    });
    client.on('close', () => {
      if (!frozen) upstream.destroy();
    });
    upstream.on('close', () => {
      if (!frozen) client.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    freeze() {
      frozen = true;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
