import { describe, expect, it } from 'vitest';
import { cleanSubtitles, parseSubtitles, plainCueText } from './subtitles.ts';

/** What Windows editors save: Windows-1252, CRLF, a tag or two. */
const latin1 = (text: string) => Buffer.from(text.replace(/\n/g, '\r\n'), 'latin1');

describe('subtitles made into clean WebVTT', () => {
  it('turns an SRT with accents, tags and a script into plain WebVTT', () => {
    const srt = [
      '1',
      '00:00:01,000 --> 00:00:03,500',
      '<i>Bienvenue à la soirée</i> du <font color="#ff0">GDA</font> !',
      '',
      '2',
      '00:00:04,000 --> 00:00:06,000',
      'Élèves & professeurs<script>alert("piège")</script>',
      '<b onclick="x()">réunis</b> {\\an8}ici',
      '',
      '3',
      '00:00:07,250 --> 00:00:08,000',
      '<script>seulement du code</script>',
      '',
    ].join('\n');
    expect(cleanSubtitles(latin1(srt))).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:03.500',
        'Bienvenue à la soirée du GDA !',
        '',
        '00:00:04.000 --> 00:00:06.000',
        'Élèves &amp; professeurs',
        'réunis ici',
        '',
      ].join('\n'),
    );
  });

  it('reads UTF-8 WebVTT, drops NOTE and STYLE blocks, and keeps cues in time order', () => {
    const vtt = [
      '\uFEFFWEBVTT - sous-titres',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      'NOTE écrit à la main',
      '',
      'deux',
      '01:02.500 --> 01:04.000 align:start',
      '<v Léa>Deuxième</v> &lt;réplique&gt; <00:01:03.000>ici',
      '',
      'un',
      '00:00:00.000 --> 00:00:01.000',
      'Première : 5 < 6',
    ].join('\n');
    const cues = parseSubtitles(vtt);
    expect(cues).toEqual([
      { start: 0, end: 1, text: 'Première : 5 < 6' },
      { start: 62.5, end: 64, text: 'Deuxième <réplique> ici' },
    ]);
    expect(cleanSubtitles(Buffer.from(vtt))).toContain(
      '00:00:00.000 --> 00:00:01.000\nPremière : 5 &lt; 6\n',
    );
  });

  it('finds nothing in a file that is not subtitles', () => {
    expect(
      cleanSubtitles(Buffer.from([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70])),
    ).toBeNull();
    expect(cleanSubtitles(Buffer.from('Bonjour\n\nPas de temps ici'))).toBeNull();
    // Backwards or empty cues are not cues.
    expect(cleanSubtitles(Buffer.from('1\n00:00:05,000 --> 00:00:04,000\nÀ rebours\n'))).toBeNull();
  });

  it('decodes entities once and never lets a tag through', () => {
    expect(plainCueText('&lt;script&gt;x&lt;/script&gt; &amp;amp; &#233;t&#xE9;')).toBe(
      '<script>x</script> &amp; été',
    );
    // As served, that text is escaped again: a player shows it, never runs it.
    expect(
      cleanSubtitles(Buffer.from('00:00:01.000 --> 00:00:02.000\n&lt;b&gt;gras&lt;/b&gt;')),
    ).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n&lt;b&gt;gras&lt;/b&gt;\n');
  });
});
