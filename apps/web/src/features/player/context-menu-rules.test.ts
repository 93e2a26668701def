import { describe, expect, it } from 'vitest';
import { contextMenuRules } from './context-menu-rules.ts';

const on = { visible: true, enabled: true };
const off = { visible: true, enabled: false };
const hidden = { visible: false, enabled: true };

describe('contextMenuRules', () => {
  it('enables everything for a member on a paused published video', () => {
    expect(
      contextMenuRules({ processing: 3, paused: true, isMember: true, canDownload: true }),
    ).toEqual({ loop: on, copyLink: on, copyLinkAt: on, download: on, frame: on });
  });

  it('needs the video paused for the link at this instant and the frame', () => {
    const rules = contextMenuRules({
      processing: 3,
      paused: false,
      isMember: true,
      canDownload: true,
    });
    expect(rules.copyLinkAt).toEqual(off);
    expect(rules.frame).toEqual(off);
    expect([rules.loop, rules.copyLink, rules.download]).toEqual([on, on, on]);
  });

  it('hides the frame from viewers who are not members', () => {
    const rules = contextMenuRules({
      processing: 3,
      paused: true,
      isMember: false,
      canDownload: true,
    });
    expect(rules.frame.visible).toBe(false);
    expect(rules.copyLinkAt).toEqual(on);
  });

  it.each([0, 1, 2])('allows only the frame before publication (processing %i)', (processing) => {
    expect(
      contextMenuRules({ processing, paused: true, isMember: true, canDownload: true }),
    ).toEqual({ loop: off, copyLink: off, copyLinkAt: off, download: off, frame: on });
  });

  it('has no download item when the page gives no download action', () => {
    expect(
      contextMenuRules({ processing: 3, paused: true, isMember: true, canDownload: false })
        .download,
    ).toEqual(hidden);
  });
});
