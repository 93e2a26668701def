import { useParams } from 'react-router';
import { Loader } from '../../components/loader.tsx';
import { DirectEditor } from '../../features/direct-editor/components/direct-editor.tsx';
import { parseDirectId, useDirect } from '../../resources/directs.ts';
import { useDirectLoadError } from '../../features/directs/components/use-direct-load-error.ts';

/** /editDirect/{id}: a geek edits or deletes a direct; a direct that fails to load leaves. */
export const EditDirectPage = () => {
  const id = parseDirectId(useParams().directId ?? null);
  const direct = useDirect(id);
  useDirectLoadError(direct.error);
  if (!direct.data) return <Loader />;
  // A new id starts a new form (never the previous direct's typing).
  return <DirectEditor key={direct.data.id} direct={direct.data} />;
};
