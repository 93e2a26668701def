import { describe, expect, it } from 'vitest';
import { livePartArgs } from './live-args.ts';
import { lowLatencyPartArgs, lowLatencyRungsFolder } from './low-latency-args.ts';

const files = { recording: '/m/lives/3/7/part-2.ts', hlsFolder: '/m/lives/3/7/hls', part: 2 };
const ladder = { heights: [720, 480], segmentSeconds: 2, dvrSeconds: 60 };

describe('the ffmpeg arguments of a low-latency part', () => {
  it('write everything a standard part does, and each variant as fragments on its own pipe', () => {
    const [standardCopy] = livePartArgs(files, ladder);
    const [copy, rungs] = lowLatencyPartArgs(files, ladder);
    // The recording and the source's standard HLS are untouched: the REDIFF and the other
    // machines read them.
    expect(copy!.slice(0, standardCopy!.length)).toEqual(standardCopy);
    expect(copy!.slice(standardCopy!.length)).toEqual([
      ...['-map', '0:v:0', '-map', '0:a:0', '-c', 'copy', '-f', 'mp4'],
      ...['-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '300000'],
      ...['-flush_packets', '1', 'pipe:3'],
    ]);
    // The rungs: one encode each, sent to its standard HLS and to its pipe (3, then 4).
    expect(rungs!.filter((arg) => arg === 'libx264')).toHaveLength(2);
    const tees = rungs!.filter((_, index) => rungs![index - 1] === 'tee');
    expect(tees).toEqual([
      '[f=hls:bsfs/v=dump_extra=freq=keyframe:hls_time=2:hls_list_size=30:hls_flags=delete_segments+append_list+discont_start+omit_endlist+independent_segments+program_date_time:hls_segment_filename=./720p/seg-2-%05d.ts]./720p/index.m3u8|[f=mp4:movflags=frag_keyframe+empty_moov+default_base_moof:frag_duration=300000]pipe\\:3',
      '[f=hls:bsfs/v=dump_extra=freq=keyframe:hls_time=2:hls_list_size=30:hls_flags=delete_segments+append_list+discont_start+omit_endlist+independent_segments+program_date_time:hls_segment_filename=./480p/seg-2-%05d.ts]./480p/index.m3u8|[f=mp4:movflags=frag_keyframe+empty_moov+default_base_moof:frag_duration=300000]pipe\\:4',
    ]);
    // Every rung's keyframes where the source has them: the segments of all variants line up.
    expect(rungs!.filter((arg, index) => rungs![index - 1] === '-force_key_frames')).toEqual([
      'source',
      'source',
    ]);
    expect(rungs).not.toContain(files.recording);
  });

  it('name the rungs’ files from the live’s HLS folder, where their ffmpeg runs', () => {
    // Nothing of the data folder's path reaches the tee muxer, whose syntax reads `:|[]\\`.
    const odd = { ...files, hlsFolder: "/srv/a:b|c[d]'e" };
    const [, rungs] = lowLatencyPartArgs(odd, { ...ladder, heights: [480] });
    expect(lowLatencyRungsFolder(odd)).toBe(odd.hlsFolder);
    expect(rungs!.join(' ')).not.toContain('/srv');
    expect(rungs![rungs!.indexOf('tee') + 1]).toContain(
      'hls_segment_filename=./480p/seg-2-%05d.ts]./480p/index.m3u8|',
    );
  });
});
