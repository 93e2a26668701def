import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { childPids } from './proc.ts';

export interface NginxPorts {
  /** nginx alone: /media/ is DATA_DIR/media. */
  staticPort: number;
  /** nginx in front of Plateau: /api/ proxied, /_plateau_media/ internal. */
  proxyPort: number;
  plateauPort: number;
}

/**
 * The configuration of the README's "Behind nginx" section, with a static server beside it and
 * every path in `dir` (no system file is read or written).
 */
export const nginxConfig = (dir: string, mediaDir: string, ports: NginxPorts) => `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  types { video/mp4 mp4; }
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  server {
    listen 127.0.0.1:${ports.staticPort};
    location /media/ { alias ${mediaDir}/; }
    # The upload comparison: nginx receiving the same bytes into a file (WebDAV PUT).
    location /put/ {
      alias ${dir}/put/;
      dav_methods PUT;
      create_full_put_path on;
      client_max_body_size 8g;
      client_body_buffer_size 1m;
    }
  }

  upstream plateau {
    server 127.0.0.1:${ports.plateauPort};
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${ports.proxyPort};
    client_max_body_size 8g;
    location / {
      proxy_pass http://plateau;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      proxy_read_timeout 130s;
    }
    location /_plateau_media/ {
      internal;
      alias ${mediaDir}/;
    }
  }
}
`;

export interface RunningNginx {
  /** The master and its workers. */
  pids(): number[];
  stop(): Promise<void>;
}

/** Debian's nginx on `configText`, every path in `dir`; stopped gracefully (SIGQUIT). */
export const runNginx = async (dir: string, configText: string): Promise<RunningNginx> => {
  mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, configText);
  const master = spawn(
    '/usr/sbin/nginx',
    ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf, '-g', 'daemon off;'],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = once(master, 'exit');
  for (let i = 0; i < 50 && childPids(master.pid!).length === 0; i += 1) {
    if (master.exitCode !== null) throw new Error(`nginx exited (${master.exitCode})`);
    await sleep(100);
  }
  return {
    pids: () => [master.pid!, ...childPids(master.pid!)],
    async stop() {
      if (master.exitCode !== null) return;
      master.kill('SIGQUIT');
      await exited;
    },
  };
};

export const startNginx = (dir: string, mediaDir: string, ports: NginxPorts) =>
  runNginx(dir, nginxConfig(dir, mediaDir, ports));
