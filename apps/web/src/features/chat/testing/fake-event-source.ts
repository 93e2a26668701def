import { act } from '@testing-library/react';

/**
 * jsdom has no EventSource: this one records what the page opens and lets a test send the
 * server's events (`emit`) or close the stream as the server would (`fail`).
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readonly url: string;
  readonly withCredentials = false;
  readyState = FakeEventSource.OPEN;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server sends `name` with `data` (JSON) to this stream, if it is still open. */
  emit(name: string, data: unknown, id?: number) {
    if (this.readyState === FakeEventSource.CLOSED) return;
    act(() => {
      this.dispatchEvent(
        new MessageEvent(name, {
          data: JSON.stringify(data),
          lastEventId: id === undefined ? '' : String(id),
        }),
      );
    });
  }

  /** The server refuses the stream for good (a revoked token): the browser stops trying. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    act(() => {
      this.dispatchEvent(new Event('error'));
    });
  }

  /** The query of the address the page opened. */
  get params() {
    return new URL(this.url, 'http://localhost').searchParams;
  }
}

/** Installs the fake as the window's EventSource (undo with `vi.unstubAllGlobals`). */
export const fakeEventSources = () => {
  FakeEventSource.instances.length = 0;
  return FakeEventSource;
};

/** The streams still open. */
export const openSources = () =>
  FakeEventSource.instances.filter((source) => source.readyState !== FakeEventSource.CLOSED);
