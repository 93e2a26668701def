import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../lib/paths.ts';

const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * `/video/{id}` -> `/video?v={id}` (spec section 2). A bad id stays put: the route's component
 * is the 404 page.
 */
export const legacyVideoLoader = ({ params }: LoaderFunctionArgs) => {
  const id = idOf(params.videoId);
  return id === null ? null : redirect(paths.video(id));
};

/** `/direct/{id}` -> `/direct?d={id}`, the same way. */
export const legacyDirectLoader = ({ params }: LoaderFunctionArgs) => {
  const id = idOf(params.directId);
  return id === null ? null : redirect(paths.direct(id));
};
