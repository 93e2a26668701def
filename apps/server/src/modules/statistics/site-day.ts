/**
 * The site's day (`YYYY-MM-DD`) of an instant, in its time zone (TIME_ZONE). Every heartbeat
 * asks it, and `Intl`'s format costs about 25 µs: the last minute's answer is kept, since a
 * day changes on a whole minute in every time zone.
 */
export const siteDayOf = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  let keptMinute = Number.NaN;
  let keptDay = '';
  return (ms: number) => {
    const minute = Math.floor(ms / 60_000);
    if (minute !== keptMinute) {
      keptDay = format.format(ms);
      keptMinute = minute;
    }
    return keptDay;
  };
};
