import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import type { Video } from '@plateau/contract';
import { PlaylistVideoRow } from './playlist-video-row.tsx';
import type { VideoListProps } from './video-list-props.ts';

/** What a screen reader hears while a video is carried, in French. */
const frenchAnnouncements = (titleOf: (id: UniqueIdentifier) => string): Announcements => ({
  onDragStart: ({ active }) => `« ${titleOf(active.id)} » est saisie.`,
  onDragOver: ({ active, over }) =>
    over ? `« ${titleOf(active.id)} » est au-dessus de « ${titleOf(over.id)} ».` : undefined,
  onDragEnd: ({ active, over }) =>
    over ? `« ${titleOf(active.id)} » est déposée à la place de « ${titleOf(over.id)} ».` : '',
  onDragCancel: ({ active }) => `Déplacement de « ${titleOf(active.id)} » annulé.`,
});

const instructions = {
  draggable:
    'Pour déplacer une vidéo, appuyez sur Espace ou Entrée, utilisez les flèches, puis appuyez ' +
    'de nouveau sur Espace ou Entrée pour la déposer, ou sur Échap pour annuler.',
};

const SortableRow = ({ video, position, onRemove }: SortableRowProps) => {
  const sortable = useSortable({
    id: video.id,
    attributes: { roleDescription: 'vidéo déplaçable' },
  });
  return (
    <PlaylistVideoRow
      ref={sortable.setNodeRef}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
      }}
      dragging={sortable.isDragging}
      video={video}
      position={position}
      onRemove={onRemove}
      controls={
        <Box
          component="button"
          type="button"
          ref={sortable.setActivatorNodeRef}
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={`Déplacer « ${video.title} »`}
          sx={{
            display: 'grid',
            placeItems: 'center',
            p: 1,
            border: 0,
            borderRadius: 1,
            bgcolor: 'transparent',
            color: 'text.secondary',
            cursor: sortable.isDragging ? 'grabbing' : 'grab',
            // The pointer drags: the browser must not scroll or select instead.
            touchAction: 'none',
            '&:hover': { bgcolor: 'action.hover' },
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          <DragIndicatorIcon />
        </Box>
      }
    />
  );
};

interface SortableRowProps {
  video: Video;
  position: number;
  onRemove: () => void;
}

/** Wide screens: the videos are dragged by their handle, with the mouse or the keyboard. */
export const SortableVideoList = ({ videos, onReorder, onRemove }: VideoListProps) => {
  const sensors = useSensors(
    // A click on the handle is not a drag: it must move a few pixels first.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: UniqueIdentifier) => videos.find((video) => video.id === id)?.title ?? '';

  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = videos.findIndex((video) => video.id === active.id);
    const to = videos.findIndex((video) => video.id === over.id);
    if (from >= 0 && to >= 0) onReorder(arrayMove(videos, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={drop}
      accessibility={{
        announcements: frenchAnnouncements(titleOf),
        screenReaderInstructions: instructions,
      }}
    >
      <SortableContext items={videos} strategy={verticalListSortingStrategy}>
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {videos.map((video, index) => (
            <SortableRow
              key={video.id}
              video={video}
              position={index + 1}
              onRemove={() => onRemove(video)}
            />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
};
