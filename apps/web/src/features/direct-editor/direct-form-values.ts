import type { Direct, DirectBody } from '@plateau/contract';
import { Privacy } from '@plateau/contract/constants';
import { dayInParis } from '../../lib/dates.ts';
import { parsePromotion, promotionText } from '../../lib/promotion.ts';
import { showsGpaRestricted } from '../../lib/privacy.ts';

/** What the direct form holds, as typed (promotion and date stay text until sent). */
export interface DirectFormValues {
  title: string;
  description: string;
  liveUrl: string;
  /** "YYYY-MM-DD", the day in Paris (the association's dates are French days). */
  date: string;
  /** Digits only; empty means no promotion. */
  promotion: string;
  privacy: Privacy;
  gpaRestricted: boolean;
  /** « Chat du direct »: off unless a geek turns it on. */
  chat: boolean;
}

/** Spec section 5: the add form's access is CS unless the geek chooses otherwise. */
export const DEFAULT_PRIVACY: Privacy = Privacy.School;

/** The empty form of /addDirect (date today), or the direct's values for /editDirect. */
export const initialValues = (direct?: Direct, today = new Date()): DirectFormValues => ({
  title: direct?.title ?? '',
  description: direct?.description ?? '',
  liveUrl: direct?.liveUrl ?? '',
  date: dayInParis(direct?.date ?? today),
  promotion: promotionText(direct?.promotion ?? -1),
  privacy: (direct?.privacy ?? DEFAULT_PRIVACY) as Privacy,
  gpaRestricted: direct?.gpaRestricted ?? false,
  chat: direct?.chat ?? false,
});

/** The server takes only absolute web addresses as live links (an empty one means none). */
export const isLiveUrlValid = (text: string) => {
  const url = text.trim();
  if (url === '') return true;
  try {
    const { protocol, hostname } = new URL(url);
    return (protocol === 'http:' || protocol === 'https:') && hostname !== '' && !/\s/.test(url);
  } catch {
    return false;
  }
};

/**
 * GDA-only as sent: the box's value where it shows; false off level 2; left out for a geek
 * without GDA access on level 2, so the server keeps what a GDA member chose.
 */
const gpaRestricted = (values: DirectFormValues, gdaAccess: boolean) => {
  if (showsGpaRestricted(gdaAccess, values.privacy))
    return { gpa_restricted: values.gpaRestricted };
  return values.privacy === Privacy.Plateau ? {} : { gpa_restricted: false };
};

/**
 * The body of `POST directs` / `PUT directs/{id}`. An edited direct whose day did not change
 * keeps its exact time (a date field holds only the day). A direct broadcast on Plateau sends
 * no live link: the server keeps it on the direct's own page.
 */
export const directBody = (
  values: DirectFormValues,
  {
    gdaAccess,
    original,
    broadcasting = false,
  }: { gdaAccess: boolean; original?: Direct; broadcasting?: boolean },
): DirectBody => {
  const keptDate = original && dayInParis(original.date) === values.date ? original.date : null;
  return {
    title: values.title.trim(),
    description: values.description,
    ...(broadcasting ? {} : { liveUrl: values.liveUrl.trim() }),
    privacy: values.privacy,
    ...gpaRestricted(values, gdaAccess),
    promotion: parsePromotion(values.promotion),
    ...(values.date ? { date: keptDate ?? values.date } : {}),
    chat: values.chat,
  };
};
