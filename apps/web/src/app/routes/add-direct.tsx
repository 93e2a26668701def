import { DirectEditor } from '../../features/direct-editor/components/direct-editor.tsx';

/** /addDirect: a geek programs a direct. */
export const AddDirectPage = () => <DirectEditor />;
