/**
 * The low-latency rules of the HLS specification (RFC 8216bis, 4.4.3.7-4.4.5.2 and 6.2.5.2) that
 * a player relies on, checked on a playlist's text: what breaks them, as sentences.
 */
export const lowLatencyRuleBreaks = (playlist: string): string[] => {
  const lines = playlist.trim().split('\n');
  const breaks: string[] = [];
  const attribute = (line: string | undefined, name: string) =>
    line ? new RegExp(`${name}=("?)([^,"]*)\\1`).exec(line)?.[2] : undefined;
  const tag = (name: string) => lines.find((line) => line.startsWith(`#${name}:`));
  const partInf = tag('EXT-X-PART-INF');
  const control = tag('EXT-X-SERVER-CONTROL');
  const partTarget = Number(attribute(partInf, 'PART-TARGET'));
  const targetDuration = Number(tag('EXT-X-TARGETDURATION')?.split(':')[1]);
  if (!partInf || !(partTarget > 0)) breaks.push('no EXT-X-PART-INF with a PART-TARGET');
  if (!(targetDuration > 0)) breaks.push('no EXT-X-TARGETDURATION');
  if (attribute(control, 'CAN-BLOCK-RELOAD') !== 'YES') breaks.push('cannot block reloads');
  const holdBack = Number(attribute(control, 'PART-HOLD-BACK'));
  if (!(holdBack >= 2 * partTarget)) breaks.push(`PART-HOLD-BACK ${holdBack} under two parts`);
  const skipUntil = attribute(control, 'CAN-SKIP-UNTIL');
  if (skipUntil !== undefined && Number(skipUntil) < 6 * targetDuration) {
    breaks.push(`CAN-SKIP-UNTIL ${skipUntil} under six target durations`);
  }
  let afterLastSegment = 0;
  const partsSinceSegment: number[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.startsWith('#EXTINF:')) {
      const seconds = Number.parseFloat(line.slice(8));
      if (Math.round(seconds) > targetDuration) {
        breaks.push(`segment of ${seconds} s over the target duration ${targetDuration}`);
      }
      const parts = partsSinceSegment.splice(0).reduce((sum, part) => sum + part, 0);
      if (parts > 0 && Math.abs(parts - seconds) > 0.01) {
        breaks.push(`segment of ${seconds} s whose parts add up to ${parts}`);
      }
      afterLastSegment = index + 2;
    }
    if (line.startsWith('#EXT-X-PART:')) {
      const seconds = Number(attribute(line, 'DURATION'));
      if (seconds > partTarget + 0.001) breaks.push(`part of ${seconds} s over ${partTarget}`);
      if (!attribute(line, 'URI')) breaks.push('part without a URI');
      partsSinceSegment.push(seconds);
    }
  }
  const ended = lines.includes('#EXT-X-ENDLIST');
  const hint = lines.findIndex((line) => line.startsWith('#EXT-X-PRELOAD-HINT:'));
  if (!ended && hint === -1) breaks.push('no preload hint on a running live');
  if (hint !== -1 && hint < afterLastSegment) breaks.push('preload hint before the last segment');
  return breaks;
};

/** A fragment as the reader hands it on, for the variant's tests (the bytes name it). */
export const fakeFragment = (seconds: number, independent: boolean, label = 'f') => ({
  bytes: Buffer.from(label),
  startSeconds: 0,
  seconds,
  independent,
});
