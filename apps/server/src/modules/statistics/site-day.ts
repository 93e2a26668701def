/** The site's day (`YYYY-MM-DD`) of an instant, in its time zone (TIME_ZONE). */
export const siteDayOf = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (ms: number) => format.format(ms);
};
