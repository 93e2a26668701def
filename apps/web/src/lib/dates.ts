const frenchDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

/** "21 novembre 2026": day, French month name, year (spec section 1). */
export const formatDate = (value: string | Date): string => {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : frenchDate.format(date);
};

const parisDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** "2026-11-23": the day `value` falls on in Paris (default today), as a date field holds it. */
export const dayInParis = (value: string | Date = new Date()): string =>
  parisDay.format(typeof value === 'string' ? new Date(value) : value);

const frenchDateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** "4 décembre 2026 à 23:10": a deadline to the minute, in Paris time. */
export const formatDateTime = (value: string | Date): string => {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : frenchDateTime.format(date);
};
