import { Fragment, type ReactNode } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** An http(s) address up to the next space; trailing punctuation is the sentence's, not the link's. */
const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const TRAILING = /[.,;:!?)\]}'»]+$/;

/**
 * Splits a text into strings and link elements. React escapes every string, so whatever the
 * description holds (`<b>`, scripts) is shown as the characters typed, never run as HTML.
 */
export const linkify = (text: string): ReactNode[] => {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <Link
        key={start}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ overflowWrap: 'anywhere' }}
      >
        {url}
      </Link>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
};

/** The video's description: line breaks kept (pre-line), addresses clickable. */
export const DescriptionText = ({ text }: { text: string }) => {
  if (!text.trim()) return null;
  return (
    <Typography
      component="div"
      variant="body1"
      sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
    >
      {linkify(text).map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </Typography>
  );
};
