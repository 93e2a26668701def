import type { NewVideoBody } from '@plateau/contract';
import { fieldLimits } from '@plateau/contract/constants';
import type { LinkedDirect } from '../../components/direct-picker.tsx';
import { dayInParis } from '../../lib/dates.ts';
import { showsGpaRestricted } from '../../lib/privacy.ts';
import { parsePromotion } from '../../lib/promotion.ts';
import { DEFAULT_PRIVACY } from '../../lib/video-access.ts';

/** The one form shared by every file: the add form's fields but the title and description. */
export interface BulkFormValues {
  privacy: number;
  gpaRestricted: boolean;
  /** The day of a video whose file has no recording date ("2026-11-23"). */
  date: string;
  promotion: string;
  direct: LinkedDirect | null;
  tagIds: number[];
}

export const emptyBulkForm = (): BulkFormValues => ({
  privacy: DEFAULT_PRIVACY,
  gpaRestricted: false,
  date: dayInParis(),
  promotion: '',
  direct: null,
  tagIds: [],
});

/** "Gala 2026 - final.mp4" gives "Gala 2026 - final", within the contract's title limit. */
export const titleFromFileName = (name: string) => {
  const base = name.replace(/\.[^.]+$/, '').trim() || name.trim();
  return base.slice(0, fieldLimits.title).trim();
};

/**
 * `POST videos` for one file: its title, the day it was recorded when the MP4 says so (else
 * the form's), and the shared fields, sent as the add form sends them.
 */
export const bulkVideoBody = (
  values: BulkFormValues,
  file: { title: string; recordedOn: string | null },
  gdaAccess: boolean,
): NewVideoBody => {
  const date = file.recordedOn ?? values.date;
  return {
    title: file.title,
    description: '',
    privacy: values.privacy,
    ...(showsGpaRestricted(gdaAccess, values.privacy) && { gpa_restricted: values.gpaRestricted }),
    // A cleared date field leaves the day to the server: today.
    ...(date !== '' && { date }),
    promotion: String(parsePromotion(values.promotion)),
    directId: String(values.direct?.id ?? -1),
    tagIds: values.tagIds,
  };
};
