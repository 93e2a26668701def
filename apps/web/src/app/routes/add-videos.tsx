import { Page } from '../../components/page.tsx';
import { BulkUploadScreen } from '../../features/bulk-upload/components/bulk-upload-screen.tsx';
import { TagChips } from '../../features/tags/components/tag-chips.tsx';

/** /addVideos: a member sends many videos at once (issue 19). */
export const AddVideosPage = () => (
  <Page title="Envoyer plusieurs vidéos">
    <BulkUploadScreen CategoryPicker={TagChips} />
  </Page>
);
