/**
 * hls.js as the live player drives it, for component tests (jsdom has no Media Source
 * Extensions): it records what the player asked and lets a test send hls.js's events.
 */
type Handler = (event: string, data: Record<string, unknown>) => void;

export default class FakeHls {
  static instances: FakeHls[] = [];
  static isSupported = () => true;
  static Events = {
    MANIFEST_PARSED: 'hlsManifestParsed',
    LEVELS_UPDATED: 'hlsLevelsUpdated',
    FRAG_BUFFERED: 'hlsFragBuffered',
    LEVEL_UPDATED: 'hlsLevelUpdated',
    ERROR: 'hlsError',
  };
  static ErrorDetails = { BUFFER_STALLED_ERROR: 'bufferStalledError' };
  static ErrorTypes = {
    NETWORK_ERROR: 'networkError',
    MEDIA_ERROR: 'mediaError',
    OTHER_ERROR: 'otherError',
  };

  readonly config: unknown;
  readonly userConfig: unknown;
  targetLatency: number | null = null;
  latestLevelDetails: { live: boolean; targetduration: number } | null = null;
  source: string | null = null;
  media: HTMLMediaElement | null = null;
  levels: { height: number }[] = [];
  currentLevel = -1;
  liveSyncPosition: number | null = null;
  destroyed = false;
  loads = 0;
  startLoads = 0;
  private readonly handlers = new Map<string, Handler[]>();

  constructor(config: unknown) {
    this.config = config;
    this.userConfig = config;
    FakeHls.instances.push(this);
  }

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }

  loadSource(url: string) {
    this.source = url;
    this.loads += 1;
  }

  attachMedia(media: HTMLMediaElement) {
    this.media = media;
  }

  startLoad() {
    this.startLoads += 1;
  }

  recoverMediaError() {}

  destroy() {
    this.destroyed = true;
  }

  /** Sends one of hls.js's events to what the player listens with. */
  emit(event: string, data: Record<string, unknown> = {}) {
    for (const handler of this.handlers.get(event) ?? []) handler(event, data);
  }

  /** The manifest arrived with these heights (in hls.js's order: lowest first). */
  parsed(heights: number[]) {
    this.levels = heights.map((height) => ({ height }));
    this.emit(FakeHls.Events.MANIFEST_PARSED, { levels: this.levels });
  }

  fatalNetworkError() {
    this.emit(FakeHls.Events.ERROR, { fatal: true, type: FakeHls.ErrorTypes.NETWORK_ERROR });
  }
}

/** The latest player's hls.js. */
export const lastHls = () => {
  const hls = FakeHls.instances.at(-1);
  if (!hls) throw new Error('hls.js was not started');
  return hls;
};

export { FakeHls };
