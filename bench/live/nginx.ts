import path from 'node:path';
import { runNginx, type RunningNginx } from '../media/nginx.ts';

export type { RunningNginx };

export interface LiveNginxPorts {
  /** Static HLS files (the bare chain, the replayed copy), with Plateau's public headers. */
  staticPort: number;
  /** In front of Plateau, /api/media/live/ cached (bench/README.md, "Live"). */
  cachePort: number;
  plateauPort: number;
}

/**
 * The cache in front of Plateau's live HLS, as bench/README.md gives it: segments keyed
 * without their `?token=` (Plateau marks them public only for public directs; nginx stores
 * nothing `private` or `no-store`), playlists with it (their URIs carry the token).
 */
const liveCacheConfig = (cacheDir: string) => `
  proxy_cache_path ${cacheDir} levels=1:2 keys_zone=plateau_live:10m max_size=2g inactive=2m
                   use_temp_path=off;
  map $uri $plateau_live_key {
    ~\\.ts$  $uri;
    default $request_uri;
  }`;

const liveCacheLocation = `
    location /api/media/live/ {
      proxy_pass http://plateau;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_cache plateau_live;
      proxy_cache_key $scheme$host$plateau_live_key;
      proxy_cache_lock on;
      proxy_cache_lock_timeout 5s;
      proxy_cache_use_stale updating;
      proxy_cache_background_update on;
      add_header X-Cache-Status $upstream_cache_status always;
    }`;

const config = (dir: string, hlsRoot: string, ports: LiveNginxPorts) => `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  types {
    application/vnd.apple.mpegurl m3u8;
    video/mp2t ts;
  }
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  access_log off;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${liveCacheConfig(path.join(dir, 'cache'))}

  server {
    listen 127.0.0.1:${ports.staticPort};
    root ${hlsRoot};
    location ~ \\.m3u8$ { add_header Cache-Control "public, max-age=1"; }
    location ~ \\.ts$ { add_header Cache-Control "public, max-age=86400, immutable"; }
  }

  upstream plateau {
    server 127.0.0.1:${ports.plateauPort};
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${ports.cachePort};
${liveCacheLocation}
  }
}
`;

/** Debian's nginx, one worker, every path in `dir`. */
export const startLiveNginx = (
  dir: string,
  hlsRoot: string,
  ports: LiveNginxPorts,
): Promise<RunningNginx> => runNginx(dir, config(dir, hlsRoot, ports));
