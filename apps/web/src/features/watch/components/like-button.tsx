import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import type { Video } from '@plateau/contract';
import { paths } from '../../../lib/paths.ts';
import type { LoginState } from '../../../lib/remembered-page.ts';
import { useSession } from '../../../lib/session.ts';
import { useToggleLike } from '../api/watch-mutations.ts';
import { useLike } from '../../../resources/videos.ts';

const count = new Intl.NumberFormat('fr-FR');

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The count people see, named "J'aime : n" for screen readers (the name holds the visible
 * text; whether it is liked is the button's pressed state).
 */
const LikeLabel = ({ likeCount }: { likeCount: number }) => (
  <>
    <Box component="span" sx={visuallyHidden}>
      J'aime :
    </Box>{' '}
    {count.format(likeCount)}
  </>
);

/**
 * The like button and its count. Signed in: toggles, the count follows at once. A visitor sees
 * the count; the button takes them to sign in and back here (the server keeps likes per person).
 */
export const LikeButton = ({ video, ready = true }: { video: Video; ready?: boolean }) => {
  const { isAuth } = useSession();
  return isAuth ? <MemberLike video={video} ready={ready} /> : <VisitorLike video={video} />;
};

const MemberLike = ({ video, ready }: { video: Video; ready: boolean }) => {
  const like = useLike(video.id, ready);
  const toggle = useToggleLike(video.id);
  const liked = like.data?.liked ?? false;
  const likeCount = like.data?.likeCount ?? video.likeCount;
  return (
    <Button
      variant={liked ? 'contained' : 'outlined'}
      startIcon={liked ? <ThumbUpIcon /> : <ThumbUpOutlinedIcon />}
      aria-pressed={liked}
      disabled={!like.data}
      onClick={() => toggle.mutate(!liked)}
      sx={{ borderRadius: 5 }}
    >
      <LikeLabel likeCount={likeCount} />
    </Button>
  );
};

const VisitorLike = ({ video }: { video: Video }) => {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = () => {
    const state: LoginState = { from: `${location.pathname}${location.search}` };
    void navigate(paths.login(), { state });
  };
  return (
    <Tooltip title="Connectez-vous pour aimer cette vidéo" describeChild>
      <Button
        variant="outlined"
        startIcon={<ThumbUpOutlinedIcon />}
        onClick={signIn}
        sx={{ borderRadius: 5 }}
      >
        <LikeLabel likeCount={video.likeCount} />
      </Button>
    </Tooltip>
  );
};
