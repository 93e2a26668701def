import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeVideo } from '../../testing/videos.ts';
import { parseAt, parseVideoId } from './api/watch-params.ts';
import { DescriptionText } from './components/description-text.tsx';
import { nextInPlaylist } from './components/playlist-play.ts';

describe('at', () => {
  it('starts at the whole second given', () => {
    expect(parseAt('12.7')).toBe(12);
    expect(parseAt('3')).toBe(3);
    expect(parseAt('0')).toBe(0);
  });

  it('ignores values that are not a number of seconds from 0 up', () => {
    for (const bad of [null, '', ' ', 'abc', '-4', '12s', 'Infinity', 'NaN']) {
      expect(parseAt(bad)).toBeUndefined();
    }
  });
});

describe('v', () => {
  it('reads a positive id, and nothing else', () => {
    expect(parseVideoId('42')).toBe(42);
    for (const bad of [null, '', '0', '-3', '4.5', 'abc', '1e3'])
      expect(parseVideoId(bad)).toBeNull();
  });
});

describe('the description', () => {
  it('turns http(s) addresses into links and keeps markup as the characters typed', () => {
    const { container } = render(
      <DescriptionText
        text={'Le site : https://plateau.example.org/gala.\n<b>Merci</b> http://x.example/y?a=1'}
      />,
    );
    expect(screen.getByRole('link', { name: 'https://plateau.example.org/gala' })).toHaveAttribute(
      'href',
      'https://plateau.example.org/gala',
    );
    expect(screen.getByRole('link', { name: 'http://x.example/y?a=1' })).toHaveAttribute(
      'href',
      'http://x.example/y?a=1',
    );
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>Merci</b>');
    // The line break is kept on screen.
    expect(container.textContent).toContain('gala.\n<b>');
    expect(container.firstElementChild).toHaveStyle({ whiteSpace: 'pre-line' });
  });

  it('makes no link of a javascript: address', () => {
    render(<DescriptionText text="javascript:alert(1) et ftp://a.b" />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('the next video of a playlist', () => {
  const videos = [makeVideo(1), makeVideo(2), makeVideo(3)];
  it('is the following one, then stops at the end unless repeat is on', () => {
    expect(nextInPlaylist(videos, 1, false)?.id).toBe(2);
    expect(nextInPlaylist(videos, 3, false)).toBeNull();
    expect(nextInPlaylist(videos, 3, true)?.id).toBe(1);
    expect(nextInPlaylist(videos, 9, true)).toBeNull();
  });
});
