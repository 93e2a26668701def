import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * Who may read GET /metrics: with METRICS_TOKEN, whoever sends it; without, only a server bound
 * to loopback answers, and only to requests made on this machine; otherwise nobody (a 404).
 */
export type MetricsAccess = 'token' | 'loopback' | 'off';

const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined &&
  (/^(::ffff:)?127(\.\d{1,3}){3}$/.test(address) || address === '::1' || address === 'localhost');

export const metricsAccess = (config: Pick<Config, 'metricsToken' | 'host'>): MetricsAccess =>
  config.metricsToken !== undefined
    ? 'token'
    : isLoopbackAddress(config.host.toLowerCase().replace(/^\[(.*)\]$/, '$1'))
      ? 'loopback'
      : 'off';

/** Headers a reverse proxy adds: a request carrying one came from elsewhere, relayed. */
const relayedBy = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** The answer to one request for /metrics: served, refused (401), or hidden (404). */
export type MetricsDecision = 'serve' | 'unauthorized' | 'hidden';

/** Equal lengths for timingSafeEqual, whatever was sent: compare digests. */
const digest = (value: string) => createHash('sha256').update(value).digest();

export const createMetricsGate = (config: Pick<Config, 'metricsToken' | 'host'>) => {
  const access = metricsAccess(config);
  const expected = config.metricsToken === undefined ? null : digest(config.metricsToken);
  return (request: FastifyRequest): MetricsDecision => {
    if (expected) {
      const sent = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      return sent !== undefined && timingSafeEqual(digest(sent), expected)
        ? 'serve'
        : 'unauthorized';
    }
    // Bound to loopback, the server still answers a proxy on this machine (the README's nginx
    // sends every path to 127.0.0.1): only a direct local peer is served, never a relayed one.
    const direct =
      isLoopbackAddress(request.raw.socket?.remoteAddress) &&
      !relayedBy.some((header) => request.headers[header] !== undefined);
    return access === 'loopback' && direct ? 'serve' : 'hidden';
  };
};
