#!/usr/bin/env node
/**
 * A real S3-compatible object store for the tests and for trying S3 by hand: OpenStack Swift
 * (Debian's packages, 2.30) with its `s3api` middleware, on loopback, in a directory of its own.
 *
 *   node scripts/object-store.mjs start [--dir DIR] [--port PORT] [--json]
 *   node scripts/object-store.mjs stop  [--dir DIR]
 *   node scripts/object-store.mjs status [--dir DIR] [--port PORT]
 *
 * DIR defaults to $PLATEAU_OBJECT_STORE_DIR or /tmp/plateau-object-store, PORT (the S3
 * endpoint; the account, container and object servers and memcached take the next four) to
 * $PLATEAU_OBJECT_STORE_PORT or 8480. `start` does nothing when the store already runs, keeps
 * the rings and data between starts, and prints the endpoint and credentials.
 *
 * What had to be known (issue 25): memcached must run (tempauth keeps its tokens there, 503
 * without it); `s3api` must stand before `tempauth` and `slo` after them, or multipart uploads
 * are silently off; with `workers = 0` the servers never drop root, so they are started as the
 * `swift` user; they log to stderr only with `-v` (no syslog here), kept in DIR/log/.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { chown } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const credentials = {
  region: 'us-east-1',
  // tempauth's `account:user` and its password, as s3api takes them.
  accessKeyId: 'test:tester',
  secretAccessKey: 'testing',
};

const servers = ['proxy', 'account', 'container', 'object'];
const binaries = [
  ...servers.map((name) => `swift-${name}-server`),
  'swift-ring-builder',
  'memcached',
];
const debianPackages = 'swift swift-proxy swift-account swift-container swift-object memcached';
const startTimeoutMs = 60_000;

const usage = () => {
  console.error(
    'usage: node scripts/object-store.mjs start|stop|status [--dir DIR] [--port PORT] [--json]',
  );
  process.exit(2);
};

const parseArgs = (argv) => {
  const [command, ...rest] = argv;
  const options = {
    command,
    dir: process.env.PLATEAU_OBJECT_STORE_DIR || '/tmp/plateau-object-store',
    port: process.env.PLATEAU_OBJECT_STORE_PORT
      ? Number(process.env.PLATEAU_OBJECT_STORE_PORT)
      : null,
    json: false,
  };
  for (let i = 0; i < rest.length; i += 1) {
    if (rest[i] === '--dir') options.dir = rest[(i += 1)];
    else if (rest[i] === '--port') options.port = Number(rest[(i += 1)]);
    else if (rest[i] === '--json') options.json = true;
    else usage();
  }
  if (!['start', 'stop', 'status'].includes(command) || !options.dir) usage();
  options.dir = path.resolve(options.dir);
  // stop and status find the ports of the store that runs there; start defaults to 8480.
  options.port ??= recordedPort(options.dir) ?? 8480;
  if (!Number.isInteger(options.port) || options.port < 1024 || options.port > 65530) usage();
  return options;
};

const recordedPort = (dir) => {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'etc', 'rings-for-ports'), 'utf8')).proxy;
  } catch {
    return null;
  }
};

const findOnPath = (binary) =>
  (process.env.PATH ?? '')
    .split(':')
    .map((dir) => path.join(dir || '.', binary))
    .find((file) => existsSync(file));

/** The binaries this machine lacks (empty when Swift and memcached are installed). */
const missingBinaries = () => binaries.filter((binary) => !findOnPath(binary));

const layout = (dir, port) => ({
  etc: path.join(dir, 'etc'),
  devices: path.join(dir, 'devices'),
  run: path.join(dir, 'run'),
  log: path.join(dir, 'log'),
  cache: path.join(dir, 'cache'),
  ports: {
    proxy: port,
    account: port + 1,
    container: port + 2,
    object: port + 3,
    memcached: port + 4,
  },
});

/** Root starts everything as `swift` (servers with `workers = 0` never drop root themselves). */
const runAs = () => {
  if (process.getuid?.() !== 0) return { user: userInfo().username, prefix: [] };
  const found = spawnSync('id', ['-u', 'swift'], { encoding: 'utf8' });
  if (found.status !== 0)
    throw new Error('the `swift` user is missing: reinstall the swift package');
  return {
    user: 'swift',
    prefix: ['setpriv', '--reuid=swift', '--regid=swift', '--init-groups', '--'],
  };
};

const backendConf = (paths, kind, user) => `[DEFAULT]
bind_ip = 127.0.0.1
bind_port = ${paths.ports[kind]}
workers = 0
user = ${user}
swift_dir = ${paths.etc}
devices = ${paths.devices}
mount_check = false
disable_fallocate = true
recon_cache_path = ${paths.cache}
log_name = ${kind}-server

[pipeline:main]
pipeline = healthcheck ${kind}-server

[app:${kind}-server]
use = egg:swift#${kind}

[filter:healthcheck]
use = egg:swift#healthcheck
`;

const proxyConf = (paths, user) => `[DEFAULT]
bind_ip = 127.0.0.1
bind_port = ${paths.ports.proxy}
workers = 0
user = ${user}
swift_dir = ${paths.etc}
log_name = proxy-server

[pipeline:main]
# s3api before tempauth (it turns S3 signatures into a tempauth identity), slo after both:
# multipart uploads become SLO manifests, and without slo there s3api silently turns them off.
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo versioned_writes proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
allow_account_management = true
account_autocreate = true
# S3_DELIVERY=redirect sends the browser here: hls.js reads the ranges of a rendition from the
# player's page, another origin, so the answers carry Access-Control-Allow-Origin (and expose
# what a range reader needs). PutBucketCors is not implemented by s3api: CORS is set here.
cors_allow_origin = *
strict_cors_mode = false
cors_expose_headers = Content-Range, Content-Length, ETag, Accept-Ranges

[filter:s3api]
use = egg:swift#s3api
location = ${credentials.region}
# A ranged read across origins may be preflighted: s3api answers the OPTIONS of a presigned URL.
cors_preflight_allow_origin = *

[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = ${credentials.secretAccessKey} .admin

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:${paths.ports.memcached}

[filter:catch_errors]
use = egg:swift#catch_errors

[filter:gatekeeper]
use = egg:swift#gatekeeper

[filter:healthcheck]
use = egg:swift#healthcheck

[filter:proxy-logging]
use = egg:swift#proxy_logging

[filter:listing_formats]
use = egg:swift#listing_formats

[filter:copy]
use = egg:swift#copy

[filter:slo]
use = egg:swift#slo

[filter:dlo]
use = egg:swift#dlo

[filter:versioned_writes]
use = egg:swift#versioned_writes
`;

const run = (command, args) => spawnSync(command, args, { encoding: 'utf8' });

/**
 * Builds the three rings in one Python process through Swift's own RingBuilder (what
 * swift-ring-builder runs): nine swift-ring-builder calls cost about 1.5 s each here.
 */
const ringScript = `
import json, sys
from swift.common.ring import RingBuilder
etc, ports = sys.argv[1], json.loads(sys.argv[2])
for ring in ('account', 'container', 'object'):
    # 2^8 partitions, one replica, no wait between moves: one device, nothing to balance.
    builder = RingBuilder(8, 1, 1)
    builder.add_dev({'region': 1, 'zone': 1, 'ip': '127.0.0.1', 'port': ports[ring],
                     'device': 'd1', 'weight': 100, 'meta': ''})
    builder.rebalance()
    builder.save(f'{etc}/{ring}.builder')
    builder.get_ring().save(f'{etc}/{ring}.ring.gz')
`;

/** Single-replica rings on one plain directory; kept between starts unless the ports changed. */
const buildRings = (paths) => {
  const stamp = path.join(paths.etc, 'rings-for-ports');
  const wanted = JSON.stringify(paths.ports);
  const rings = ['account', 'container', 'object'].map((ring) =>
    path.join(paths.etc, `${ring}.ring.gz`),
  );
  if (
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === wanted &&
    rings.every((ring) => existsSync(ring))
  )
    return false;
  rmSync(stamp, { force: true });
  // Swift's interpreter, which may not be the first python3 on PATH.
  const builderScript = findOnPath('swift-ring-builder') ?? 'swift-ring-builder';
  const python = readFileSync(builderScript, 'utf8')
    .split('\n')[0]
    .replace(/^#!\s*/, '')
    .split(' ')[0];
  const result = run(python, ['-c', ringScript, paths.etc, wanted]);
  if (result.status !== 0 || !rings.every((ring) => existsSync(ring)))
    throw new Error(`building the rings failed: ${result.stdout}${result.stderr}`);
  writeFileSync(stamp, wanted);
  return true;
};

const pidFile = (paths, name) => path.join(paths.run, `${name}.pid`);

/** A running process's command line, or null (gone, or a zombie that init has yet to reap). */
const readCmdline = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2))) return null;
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return null;
  }
};

/** Our running process called `name`, or null: the pid file's pid, if it still runs our command. */
const runningPid = (paths, name) => {
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(pidFile(paths, name), 'utf8'));
  } catch {
    return null;
  }
  // A recycled pid runs something else: the marker (our config, or memcached's port) tells.
  return readCmdline(recorded.pid)?.includes(recorded.marker) ? recorded.pid : null;
};

const names = ['memcached', ...servers];

const launch = (paths, who, name) => {
  const log = openSync(path.join(paths.log, `${name}.log`), 'a');
  const command =
    name === 'memcached'
      ? ['memcached', '-l', '127.0.0.1', '-p', String(paths.ports.memcached), '-U', '0', '-m', '64']
      : [`swift-${name}-server`, path.join(paths.etc, `${name}-server.conf`), '-v'];
  const [file, ...args] = [...who.prefix, ...command];
  const child = spawn(file, args, { detached: true, stdio: ['ignore', log, log] });
  child.unref();
  const marker = name === 'memcached' ? `-p ${paths.ports.memcached}` : command[1];
  writeFileSync(pidFile(paths, name), JSON.stringify({ pid: child.pid, marker }));
};

const get = async (url, headers = {}) => {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
};

/** Every server answers its health check, and tempauth hands out a token (so memcached works). */
const answers = async (paths) => {
  for (const name of servers)
    if ((await get(`http://127.0.0.1:${paths.ports[name]}/healthcheck`)) !== 200) return false;
  const auth = await get(`http://127.0.0.1:${paths.ports.proxy}/auth/v1.0`, {
    'X-Storage-User': credentials.accessKeyId,
    'X-Storage-Pass': credentials.secretAccessKey,
  });
  return auth === 200;
};

/** A process that ended meanwhile is not an error. */
const signal = (pid, name) => {
  try {
    process.kill(pid, name);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
};

const stopAll = async (paths) => {
  const pids = names.map((name) => runningPid(paths, name)).filter((pid) => pid !== null);
  for (const pid of pids) signal(pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (pids.some((pid) => readCmdline(pid) !== null) && Date.now() < deadline) await sleep(100);
  for (const pid of pids) if (readCmdline(pid) !== null) signal(pid, 'SIGKILL');
  for (const name of names) rmSync(pidFile(paths, name), { force: true });
  return pids.length;
};

const tail = (file) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
};

/** One `start` at a time per directory: a second one waits, then finds the store running. */
const withLock = async (paths, work) => {
  const lock = path.join(paths.run, 'start.lock');
  const deadline = Date.now() + startTimeoutMs + 10_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > startTimeoutMs + 10_000) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${lock} is held by another start`);
      else await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
};

const start = async (paths) => {
  const missing = missingBinaries();
  if (missing.length > 0) {
    // Exit code 3 tells the tests' setup that Swift is absent (rather than broken).
    console.error(
      `object store: OpenStack Swift is not installed (no ${missing.join(', ')}): apt-get install -y ${debianPackages}`,
    );
    process.exit(3);
  }
  for (const dir of [paths.etc, paths.devices, paths.run, paths.log, paths.cache])
    mkdirSync(dir, { recursive: true });
  return withLock(paths, async () => {
    const who = runAs();
    const proxyFile = path.join(paths.etc, 'proxy-server.conf');
    const wanted = proxyConf(paths, who.user);
    // A store started by an older version of this script is started again with today's settings.
    const current = existsSync(proxyFile) && readFileSync(proxyFile, 'utf8') === wanted;
    const alive = names.every((name) => runningPid(paths, name) !== null);
    if (alive && current && (await answers(paths))) return { started: false, ringsBuilt: false };
    await stopAll(paths);
    writeFileSync(proxyFile, wanted);
    for (const kind of ['account', 'container', 'object'])
      writeFileSync(
        path.join(paths.etc, `${kind}-server.conf`),
        backendConf(paths, kind, who.user),
      );
    const ringsBuilt = buildRings(paths);
    mkdirSync(path.join(paths.devices, 'd1'), { recursive: true });
    if (who.user === 'swift')
      for (const dir of [paths.devices, path.join(paths.devices, 'd1'), paths.cache, paths.log])
        await chown(dir, uidOf('swift'), gidOf('swift'));
    for (const name of names) launch(paths, who, name);
    const deadline = Date.now() + startTimeoutMs;
    while (!(await answers(paths))) {
      const dead = names.filter((name) => runningPid(paths, name) === null);
      if (dead.length > 0 || Date.now() > deadline) {
        const logs = (dead.length > 0 ? dead : names)
          .map((name) => `--- ${name}.log\n${tail(path.join(paths.log, `${name}.log`))}`)
          .join('\n');
        await stopAll(paths);
        throw new Error(
          `${dead.length > 0 ? `${dead.join(', ')} exited` : 'no answer'} while starting:\n${logs}`,
        );
      }
      await sleep(200);
    }
    return { started: true, ringsBuilt };
  });
};

const idOf = (flag) => (name) => Number(run('id', [flag, name]).stdout.trim());
const uidOf = idOf('-u');
const gidOf = idOf('-g');

const endpointOf = (paths, dir) => ({
  endpoint: `http://127.0.0.1:${paths.ports.proxy}`,
  ...credentials,
  forcePathStyle: true,
  dir,
});

const main = async () => {
  const options = parseArgs(process.argv.slice(2));
  const paths = layout(options.dir, options.port);
  if (options.command === 'stop') {
    const stopped = await stopAll(paths);
    console.log(stopped > 0 ? `stopped the object store in ${options.dir}` : 'not running');
    return;
  }
  if (options.command === 'status') {
    const up = names.every((name) => runningPid(paths, name) !== null) && (await answers(paths));
    console.log(up ? `running at http://127.0.0.1:${paths.ports.proxy}` : 'not running');
    process.exitCode = up ? 0 : 1;
    return;
  }
  const began = Date.now();
  const result = await start(paths);
  const store = {
    ...endpointOf(paths, options.dir),
    ...result,
    seconds: (Date.now() - began) / 1000,
  };
  if (options.json) {
    console.log(JSON.stringify(store));
    return;
  }
  console.log(
    result.started
      ? `OpenStack Swift (s3api) started in ${store.seconds} s${result.ringsBuilt ? ', rings built' : ''}`
      : 'OpenStack Swift (s3api) already running',
  );
  console.log(`S3_ENDPOINT=${store.endpoint}
S3_REGION=${store.region}
S3_ACCESS_KEY_ID=${store.accessKeyId}
S3_SECRET_ACCESS_KEY=${store.secretAccessKey}
S3_FORCE_PATH_STYLE=true
# stop: node scripts/object-store.mjs stop --dir ${options.dir}`);
};

main().catch((error) => {
  console.error(`object store: ${error.message}`);
  process.exit(1);
});
