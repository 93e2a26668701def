import { Page } from '../../components/page.tsx';
import { TagChips } from '../../features/tags/components/tag-chips.tsx';
import { AddVideoForm } from '../../features/video-editor/components/add-video-form.tsx';

/** /addVideo: a member publishes a video (spec section 2). */
export const AddVideoPage = () => (
  <Page title="Ajouter une video">
    <AddVideoForm CategoryPicker={TagChips} />
  </Page>
);
