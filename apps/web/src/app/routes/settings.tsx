import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { HomeDisplay } from '@plateau/contract';
import Divider from '@mui/material/Divider';
import { Loader } from '../../components/loader.tsx';
import { Page } from '../../components/page.tsx';
import {
  SettingsForm,
  settingsMessages,
} from '../../features/settings/components/settings-form.tsx';
import { LiveSettingsSection } from '../../features/settings/components/live-settings-section.tsx';
import { ForbiddenWordsSection } from '../../features/settings/components/forbidden-words-section.tsx';
import { slotsOf } from '../../features/settings/settings-draft.ts';
import { promotionText } from '../../lib/promotion.ts';
import { useNotify } from '../../lib/notify.tsx';
import { paths } from '../../lib/paths.ts';
import { currentDirectQuery } from '../../resources/directs.ts';
import { gpaPromoQuery, homeDisplayQuery } from '../../resources/settings.ts';
import { trendingVideosQuery } from '../../resources/videos.ts';
import { useViewer } from '../../resources/viewer.ts';

/** The page edits what the server holds now, never a cached copy from earlier. */
const fresh = { refetchOnMount: 'always', retry: false } as const;

/** /settings (geek): the home page's curation; any read that fails sends the geek home. */
export const SettingsPage = () => {
  const notify = useNotify();
  const navigate = useNavigate();
  const homeDisplay = useQuery({ ...homeDisplayQuery, ...fresh });
  const gpaPromo = useQuery({ ...gpaPromoQuery, ...fresh });
  const viewer = useViewer();
  const current = useQuery({ ...currentDirectQuery(viewer), ...fresh });
  const trending = useQuery({ ...trendingVideosQuery(viewer), ...fresh });
  const reads = [homeDisplay, gpaPromo, current, trending];
  const failed = reads.some((read) => read.isError);

  useEffect(() => {
    if (!failed) return;
    notify(settingsMessages.failed, 'error');
    void navigate(paths.home(), { replace: true });
  }, [failed, navigate, notify]);

  // Later reads (after Enregistrer) leave the form as it is: it already shows what was saved.
  const loaded = reads.every((read) => read.isFetchedAfterMount && read.isSuccess);
  return (
    <Page title="Paramètres">
      {loaded ? (
        <>
          <SettingsForm
            initial={{
              currentDirect: current.data ?? null,
              homeDisplay: homeDisplay.data as HomeDisplay,
              gpaPromo: promotionText(gpaPromo.data ?? -1),
              trending: slotsOf(trending.data?.videos ?? []),
            }}
          />
          <Divider sx={{ my: 4 }} />
          <LiveSettingsSection />
          <Divider sx={{ my: 4 }} />
          <ForbiddenWordsSection />
        </>
      ) : (
        <Loader />
      )}
    </Page>
  );
};
