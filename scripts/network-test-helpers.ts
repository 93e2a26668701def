import net, { type AddressInfo } from 'node:net';

/** For tests that start real processes and servers: every wait polls, nothing is timed. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A local TCP port nobody listens on right now. */
export const freePort = async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

/** Whether something accepts connections on this local port. */
export const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
