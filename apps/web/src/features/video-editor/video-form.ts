import type { NewVideoBody, UpdateVideoBody, Video } from '@plateau/contract';
import { dayInParis } from '../../lib/dates.ts';
import { parsePromotion, promotionText } from '../../lib/promotion.ts';
import { showsGpaRestricted } from '../../lib/privacy.ts';
import { DEFAULT_PRIVACY } from '../../lib/video-access.ts';
import type { LinkedDirect } from '../../components/direct-picker.tsx';

/** What the add and edit forms hold, as typed. */
export interface VideoFormValues {
  title: string;
  description: string;
  privacy: number;
  gpaRestricted: boolean;
  /** A date field's value, "2026-11-23". */
  date: string;
  /** Digits only; empty for none. */
  promotion: string;
  direct: LinkedDirect | null;
  tagIds: number[];
}

export const emptyVideoForm = (): VideoFormValues => ({
  title: '',
  description: '',
  privacy: DEFAULT_PRIVACY,
  gpaRestricted: false,
  date: dayInParis(),
  promotion: '',
  direct: null,
  tagIds: [],
});

export const videoFormOf = (video: Video): VideoFormValues => ({
  title: video.title,
  description: video.description,
  privacy: video.privacy,
  gpaRestricted: video.gpaRestricted,
  date: dayInParis(video.date),
  promotion: promotionText(video.promotion),
  direct: video.directId > 0 ? { id: video.directId, title: null } : null,
  tagIds: video.tagIds,
});

/** Valider stays disabled while the title is blank (spec section 5). */
export const isComplete = (values: VideoFormValues) => values.title.trim() !== '';

/**
 * GDA-only goes only when the box is shown: someone who cannot see it leaves the stored value
 * to the server (which also clears it off Plateau level).
 */
const gpaRestrictedField = (values: VideoFormValues, gdaAccess: boolean) =>
  showsGpaRestricted(gdaAccess, values.privacy) ? { gpa_restricted: values.gpaRestricted } : {};

/** `POST videos` (spec section 3, "New video payload"): promotion and directId as text. */
export const newVideoBody = (values: VideoFormValues, gdaAccess: boolean): NewVideoBody => ({
  title: values.title.trim(),
  description: values.description,
  privacy: values.privacy,
  ...gpaRestrictedField(values, gdaAccess),
  // A cleared date field leaves the day to the server: today.
  ...(values.date !== '' && { date: values.date }),
  promotion: String(parsePromotion(values.promotion)),
  directId: String(values.direct?.id ?? -1),
  tagIds: values.tagIds,
});

/**
 * `PUT videos/{id}` (spec section 7). An unchanged (or cleared) day keeps the stored instant,
 * so saving does not move the video among those of the same day.
 */
export const updateVideoBody = (
  values: VideoFormValues,
  video: Video,
  gdaAccess: boolean,
): UpdateVideoBody => ({
  title: values.title.trim(),
  description: values.description,
  privacy: values.privacy,
  ...gpaRestrictedField(values, gdaAccess),
  date: values.date === '' || values.date === dayInParis(video.date) ? video.date : values.date,
  promotion: parsePromotion(values.promotion),
  direct_id: values.direct?.id ?? -1,
  tagIds: values.tagIds,
});
