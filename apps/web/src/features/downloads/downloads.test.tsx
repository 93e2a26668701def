import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@plateau/contract';
import { signIn } from '../../lib/session.ts';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';
import { makeVideo } from '../../testing/videos.ts';
import { DownloadPanel } from './components/download-panel.tsx';
import {
  getDownloads,
  resetDownloads,
  setTransferForTests,
  startDownload,
} from './download-store.ts';
import { videoFileName } from './file-name.ts';
import { BLOB_LIMIT, type SaveOutcome, type TransferOptions } from './save-video.ts';
import { useDownloads } from './use-downloads.ts';

interface Call {
  video: Video;
  options: TransferOptions;
  finish: (outcome?: SaveOutcome) => void;
  fail: (error: unknown) => void;
}

/** A transfer the test drives by hand: each call waits for `finish` or `fail`. */
const handDriven = () => {
  const calls: Call[] = [];
  setTransferForTests(
    (video, options) =>
      new Promise<SaveOutcome>((resolve, reject) => {
        calls.push({
          video,
          options,
          finish: (outcome = 'saved') => resolve(outcome),
          fail: reject,
        });
      }),
  );
  return calls;
};

// Only setTimeout is faked: the network (msw, streams) keeps running on real ticks.
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const settle = async (rounds = 20) => {
  for (let i = 0; i < rounds; i += 1) await act(tick);
};
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

const entry = (title: string) => screen.getByRole('listitem', { name: title });

// The panel loads its components with the first download: loaded once here, not timed.
beforeAll(() => import('./components/download-list.tsx'));

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  act(() => resetDownloads());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  errors.mockRestore();
});

describe('download entries', () => {
  it('slides in after 10 ms, dismisses 3 s after completing and hides 500 ms later', async () => {
    const calls = handDriven();
    render(<DownloadPanel />);
    act(() => void startDownload(makeVideo(1, { title: 'Gala 2026' })));
    await settle();
    // Off screen, out of reach of assistive technology, until it slides in.
    expect(screen.getByText('Gala 2026').closest('li')).not.toBeVisible();
    await advance(9);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    await advance(1);
    expect(entry('Gala 2026')).toBeVisible();
    expect(within(entry('Gala 2026')).getByText('Téléchargement…')).toBeVisible();

    act(() => calls[0]?.finish());
    await settle();
    expect(within(entry('Gala 2026')).getByText('Téléchargement terminé')).toBeVisible();
    await advance(2999);
    expect(getDownloads()[0]?.shown).toBe(true);
    await advance(1);
    // Sliding out: still there for 500 ms, then gone.
    expect(getDownloads()[0]?.shown).toBe(false);
    await advance(499);
    expect(entry('Gala 2026')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByRole('listitem', { name: 'Gala 2026' })).not.toBeInTheDocument();
  });

  it('keeps a failed entry 10 s, with a retry that replaces it by a new download', async () => {
    const calls = handDriven();
    render(<DownloadPanel />);
    act(() => void startDownload(makeVideo(2, { title: 'Concert' })));
    await settle();
    await advance(10);
    act(() => calls[0]?.fail(new Error('disque plein')));
    await settle();
    expect(within(entry('Concert')).getByText('Échec du téléchargement')).toBeVisible();
    expect(errors).toHaveBeenCalledWith('[HTTPERROR]', 'téléchargement', 2, expect.any(Error));
    await advance(9999);
    expect(getDownloads()[0]?.status).toBe('error');

    fireEvent.click(within(entry('Concert')).getByRole('button', { name: 'Réessayer' }));
    expect(calls).toHaveLength(2);
    expect(calls[1]?.video.id).toBe(2);
    await advance(10);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(within(entry('Concert')).getByText('Téléchargement…')).toBeInTheDocument();
    // The old entry's timers went with it: the new one is still there past the 10 s.
    await advance(1000);
    expect(getDownloads().map((one) => one.status)).toEqual(['downloading']);
  });

  it('hides a failed entry 10 s after the failure', async () => {
    const calls = handDriven();
    render(<DownloadPanel />);
    act(() => void startDownload(makeVideo(2, { title: 'Concert' })));
    await settle();
    await advance(10);
    act(() => calls[0]?.fail(new Error('réseau')));
    await settle();
    await advance(10_000);
    expect(getDownloads()[0]?.shown).toBe(false);
    await advance(500);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('cancel aborts the request, says so and slides the entry out', async () => {
    const calls = handDriven();
    render(<DownloadPanel />);
    act(() => void startDownload(makeVideo(3, { title: 'Répétition' })));
    await settle();
    await advance(10);
    fireEvent.click(
      screen.getByRole('button', { name: 'Annuler le téléchargement de Répétition' }),
    );
    expect(calls[0]?.options.signal.aborted).toBe(true);
    expect(within(entry('Répétition')).getByText('Téléchargement annulé')).toBeInTheDocument();
    // The aborted request failing afterwards changes nothing.
    act(() => calls[0]?.fail(new DOMException('aborted', 'AbortError')));
    await settle();
    expect(getDownloads()[0]?.status).toBe('cancelled');
    await advance(500);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('ignores a video already downloading, not another one', async () => {
    const calls = handDriven();
    render(<DownloadPanel />);
    const Trigger = () => {
      const { start } = useDownloads();
      return (
        <>
          <button onClick={() => start(makeVideo(4, { title: 'Quatre' }))}>quatre</button>
          <button onClick={() => start(makeVideo(5, { title: 'Cinq' }))}>cinq</button>
        </>
      );
    };
    render(<Trigger />);

    fireEvent.click(screen.getByRole('button', { name: 'quatre' }));
    fireEvent.click(screen.getByRole('button', { name: 'quatre' }));
    fireEvent.click(screen.getByRole('button', { name: 'cinq' }));
    expect(calls.map((call) => call.video.id)).toEqual([4, 5]);
    await advance(10);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('lists downloads for any panel mounted later (the store outlives pages)', async () => {
    handDriven();
    act(() => void startDownload(makeVideo(6, { title: 'Avant' })));
    await settle();
    render(<DownloadPanel />);
    await settle();
    await advance(10);
    expect(entry('Avant')).toBeVisible();
  });
});

const DOWNLOAD = '*/api/media/video/download/:id/1080';

/** A body the test feeds chunk by chunk, announced as `length` bytes. */
const streamedBody = (length: number) => {
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      feed = controller;
    },
  });
  const requests: Request[] = [];
  server.use(
    http.get(DOWNLOAD, ({ request }) => {
      requests.push(request);
      return new HttpResponse(body, {
        headers: { 'content-type': 'video/mp4', 'content-length': String(length) },
      });
    }),
  );
  return {
    requests,
    send: (bytes: number) => feed.enqueue(new Uint8Array(bytes).fill(7)),
    end: () => feed.close(),
  };
};

/** File System Access as Chromium offers it, writing into an array. */
const stubSavePicker = () => {
  const file = { chunks: [] as Uint8Array[], closed: false, aborted: false };
  const picker = vi.fn(async () => ({
    createWritable: async () => ({
      write: async (chunk: Uint8Array) => void file.chunks.push(chunk),
      close: async () => void (file.closed = true),
      abort: async () => void (file.aborted = true),
    }),
  }));
  vi.stubGlobal('showSaveFilePicker', picker);
  return { picker, file };
};

const clickedLinks = () => {
  const links: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    links.push({ href: this.href, download: this.download });
  });
  return links;
};

describe('saving the file', () => {
  const token = makeToken();
  beforeEach(() => signIn(token));
  afterEach(() => vi.restoreAllMocks());

  it('streams the body to disk with File System Access, progress from the bytes received', async () => {
    const { picker, file } = stubSavePicker();
    const body = streamedBody(400);
    render(<DownloadPanel />);
    act(() => void startDownload(makeVideo(8, { title: 'AC/DC : "live" à Lyon?' })));
    await settle();
    await advance(10);
    await settle();
    expect(picker).toHaveBeenCalledWith(
      expect.objectContaining({ suggestedName: 'ACDC live à Lyon.mp4' }),
    );
    expect(body.requests[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
    const status = () => within(entry('AC/DC : "live" à Lyon?')).getByRole('status');
    expect(status()).toHaveTextContent('Téléchargement… 0 %');

    act(() => body.send(100));
    await settle();
    expect(status()).toHaveTextContent('Téléchargement… 25 %');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    act(() => body.send(100));
    await settle();
    expect(status()).toHaveTextContent('Téléchargement… 50 %');
    act(() => {
      body.send(200);
      body.end();
    });
    await settle();
    expect(status()).toHaveTextContent('Téléchargement terminé');
    expect(file.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0)).toBe(400);
    expect(file.closed).toBe(true);
  });

  it('cancelling mid-stream stops the read and discards the half-written file', async () => {
    const { file } = stubSavePicker();
    const body = streamedBody(400);
    render(<DownloadPanel />);
    act(() => void startDownload(makeVideo(8, { title: 'Long' })));
    await settle();
    await advance(10);
    await settle();
    act(() => body.send(100));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler le téléchargement de Long' }));
    await settle();
    expect(body.requests[0]?.signal.aborted).toBe(true);
    expect(file.aborted).toBe(true);
    expect(file.closed).toBe(false);
    expect(within(entry('Long')).getByRole('status')).toHaveTextContent('Téléchargement annulé');
  });

  it('without File System Access, a small file goes through a Blob named after the title', async () => {
    const links = clickedLinks();
    const body = streamedBody(10);
    render(<DownloadPanel />);
    act(() => void startDownload(makeVideo(8, { title: 'Gala' })));
    await settle();
    await advance(10);
    await settle();
    act(() => {
      body.send(10);
      body.end();
    });
    await settle();
    expect(links).toEqual([{ href: expect.stringMatching(/^blob:/), download: 'Gala.mp4' }]);
    expect(within(entry('Gala')).getByRole('status')).toHaveTextContent('Téléchargement terminé');
  });

  it('without File System Access, a big file is handed to the browser with ?token=', async () => {
    const links = clickedLinks();
    streamedBody(BLOB_LIMIT + 1);
    render(<DownloadPanel />);
    act(() => void startDownload(makeVideo(9, { title: 'Nuit du cinéma' })));
    await settle();
    await advance(10);
    await settle();
    expect(links).toEqual([
      {
        href: expect.stringMatching(
          new RegExp(`/api/media/video/download/9/1080\\?token=${token.replace(/\./g, '\\.')}$`),
        ),
        download: 'Nuit du cinéma.mp4',
      },
    ]);
    expect(within(entry('Nuit du cinéma')).getByRole('status')).toHaveTextContent(
      'Confié au navigateur : suivez-le dans ses téléchargements',
    );
  });

  it('a refused download turns the entry to error, logged, with a retry', async () => {
    stubSavePicker();
    server.use(
      http.get(DOWNLOAD, () =>
        HttpResponse.json({ message: 'Fichier introuvable' }, { status: 404 }),
      ),
    );
    render(<DownloadPanel />);
    act(() => void startDownload(makeVideo(10, { title: 'Perdue' })));
    await settle();
    await advance(10);
    await settle();
    expect(within(entry('Perdue')).getByRole('status')).toHaveTextContent(
      'Échec du téléchargement',
    );
    expect(errors).toHaveBeenCalledWith(
      '[HTTPERROR]',
      'GET',
      '/api/media/video/download/10/1080',
      404,
      { message: 'Fichier introuvable' },
    );
    expect(within(entry('Perdue')).getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });
});

describe('file names', () => {
  it('keeps accents, drops what file systems refuse, never leaves an empty name', () => {
    expect(videoFileName("Soirée d'été à Paris")).toBe("Soirée d'été à Paris.mp4");
    expect(videoFileName('a<b>c:d"e/f\\g|h?i*j')).toBe('abcdefghij.mp4');
    expect(videoFileName('  ..cachée.  \n')).toBe('cachée.mp4');
    expect(videoFileName('///')).toBe('video.mp4');
  });
});
