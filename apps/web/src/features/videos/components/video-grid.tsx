import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { CardGrid } from '../../../components/card-grid.tsx';
import { DeferredTooltip } from '../../../components/lazy-tooltip.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { Page } from '../../../components/page.tsx';
import { Pager, pageCountOf } from '../../../components/pager.tsx';
import { VideoCard } from '../../../components/video-card.tsx';
import { isMember } from '../../../lib/privacy.ts';
import { useSession } from '../../../lib/session.ts';
import {
  useTrendingIds,
  useVideoList,
  VIDEO_PAGE_SIZE,
  type VideoListKind,
} from '../../../resources/videos.ts';
import { useGridParams } from './use-grid-params.ts';

/** What the grid hands its tag filter (the tags feature draws it; the page wires the two). */
export interface TagFilterProps {
  selected: readonly number[];
  onChange: (selected: number[]) => void;
}

interface VideoGridProps {
  title: ReactNode;
  list: VideoListKind;
  /** The searched text, for `list="search"`. */
  term?: string;
  /** Said when the list has no video at all. */
  emptyText?: string;
  /** The pager above the cards (the visitor's home has only the one below). */
  topPager?: boolean;
  /** The tag chips shown by the funnel toggle; without it there is no filter. */
  tagFilter?: ComponentType<TagFilterProps>;
  /** h2 when the page has its own h1 above the grid. */
  titleComponent?: 'h1' | 'h2';
  /** How many cards load their thumbnail at once; the rest wait until they scroll into view. */
  eagerCards?: number;
}

/** Room for the sticky header when scrolling back to the grid. */
const HEADER_ROOM = 80;

/**
 * The one video grid (/, /videos, /search, /history, /liked, /mostLiked, /mostViewed): 48 videos
 * a page, the arrow pager, the funnel toggle with tag chips, page and tags kept in the URL.
 */
export const VideoGrid = ({
  title,
  list,
  term,
  emptyText = "Il n'y a aucune vidéo ici pour l'instant.",
  topPager = true,
  tagFilter: TagFilter,
  titleComponent = 'h1',
  // The first row, on top of the page: no need to wait for the in-view check.
  eagerCards = 4,
}: VideoGridProps) => {
  const { page, tags, setPage, setTags } = useGridParams();
  const { role } = useSession();
  const member = isMember(role);
  const trendingIds = useTrendingIds(member);
  const { data, status, isPlaceholderData, refetch } = useVideoList({
    kind: list,
    term,
    page,
    tags,
  });
  const [filterWanted, setFilterWanted] = useState(tags.length > 0);
  // Tags in the URL (a reload, the back button) open the filter that shows them.
  const filterOpen = TagFilter !== undefined && (filterWanted || tags.length > 0);
  const filterId = useId();
  const top = useRef<HTMLDivElement>(null);

  const toggleFilter = () => {
    if (filterOpen) {
      // Closing the filter clears it (spec section 2).
      setFilterWanted(false);
      if (tags.length > 0) setTags([]);
    } else setFilterWanted(true);
  };

  const changePage = (next: number) => {
    setPage(next);
    const box = top.current;
    const offset = box ? box.getBoundingClientRect().top + window.scrollY - HEADER_ROOM : 0;
    window.scrollTo({ top: Math.max(0, offset) });
  };

  // While the next page loads, its cards are skeletons: the previous ones never stand in.
  const shownStatus = isPlaceholderData ? 'pending' : status;
  const videos = data && !isPlaceholderData ? data.videos : [];
  const nResults = data?.nResults ?? 0;
  const pageCount = pageCountOf(nResults, VIDEO_PAGE_SIZE);
  const showPager = status !== 'error' && nResults > 0;
  const pastTheEnd = status === 'success' && !isPlaceholderData && nResults > 0 && page > pageCount;

  // An old link (or a list that shrank) past the last page lands on the last page instead.
  useEffect(() => {
    if (pastTheEnd) setPage(pageCount, { replace: true });
  }, [pastTheEnd, pageCount, setPage]);
  const pager = showPager && <Pager page={page} pageCount={pageCount} onPageChange={changePage} />;

  const empty = tags.length > 0 ? 'Aucune vidéo ne porte tous ces tags.' : emptyText;

  return (
    <Box ref={top}>
      <Page
        title={title}
        titleComponent={titleComponent}
        actions={
          TagFilter && (
            <DeferredTooltip title={filterOpen ? 'Fermer le filtre' : 'Filtrer par tag'}>
              <IconButton
                aria-label="Filtrer par tag"
                aria-pressed={filterOpen}
                aria-expanded={filterOpen}
                aria-controls={filterOpen ? filterId : undefined}
                color={filterOpen ? 'primary' : 'default'}
                onClick={toggleFilter}
              >
                {filterOpen ? <FilterAltOffIcon /> : <FilterAltIcon />}
              </IconButton>
            </DeferredTooltip>
          )
        }
      >
        {TagFilter && filterOpen && (
          <Box id={filterId} sx={{ mb: 2 }}>
            <TagFilter selected={tags} onChange={setTags} />
          </Box>
        )}
        {topPager && pager}
        <ListState
          status={pastTheEnd ? 'pending' : shownStatus}
          isEmpty={videos.length === 0}
          emptyText={empty}
          onRetry={() => void refetch()}
          loadingCount={8}
        >
          <CardGrid>
            {videos.map((video, index) => (
              <VideoCard
                key={video.id}
                video={video}
                trending={trendingIds.has(video.id)}
                eager={index < eagerCards}
              />
            ))}
          </CardGrid>
        </ListState>
        {pager}
      </Page>
    </Box>
  );
};
