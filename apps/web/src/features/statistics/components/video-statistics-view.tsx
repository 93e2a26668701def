import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DayTotals, VideoStatistics } from '@plateau/contract';
import { formatCount, formatRange } from '../statistics-format.ts';
import { everyDay } from '../statistics-groups.ts';
import { retentionSummary, retentionTable } from '../statistics-retention.ts';
import { csvFileName } from '../statistics-table.ts';
import { ChartCard } from './chart-card.tsx';
import { KeyFigures } from './key-figures.tsx';
import { videoFigures } from '../statistics-figures.ts';
import { RetentionChart } from './retention-chart.tsx';
import { AudienceCard, ViewsBefore } from './audience-card.tsx';

const emptyDay = (day: string): DayTotals => ({ day, views: 0, viewers: 0, seconds: 0 });

/** The retention's card: the curve, its pictures, and where people stopped in words. */
export const RetentionCard = ({
  data,
  headingComponent,
  height,
}: {
  data: VideoStatistics;
  headingComponent?: 'h2' | 'h3';
  height?: number;
}) => {
  const { video } = data;
  const table = retentionTable('Rétention', data.retention, video.duration);
  const summary = retentionSummary(data.retention, video.duration);
  return (
    <ChartCard
      title="Rétention"
      headingComponent={headingComponent}
      description="Vues ayant regardé chaque partie de la vidéo, depuis son dernier montage"
      // Nobody yet: a sentence rather than a flat curve and a hundred zeros.
      table={summary ? table : { ...table, rows: [] }}
      emptyText="Personne n’a encore regardé cette vidéo depuis son dernier montage."
      fileName={csvFileName(`retention-video-${video.id}`)}
      summary={
        summary && (
          <Typography variant="body2">
            {summary.half
              ? `La moitié des vues s'arrête avant ${summary.half}. `
              : "Plus de la moitié des vues va jusqu'au bout. "}
            {`${summary.toTheEnd} des vues atteignent la fin.`}
          </Typography>
        )
      }
      chart={
        <RetentionChart
          videoId={video.id}
          duration={video.duration}
          retention={data.retention}
          height={height}
        />
      }
    />
  );
};

/** One video's statistics over the period: figures, views per day, retention. */
export const VideoStatisticsView = ({ data }: { data: VideoStatistics }) => {
  const days = everyDay(data.from, data.to, data.days, emptyDay);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <KeyFigures label="Chiffres de la vidéo" figures={videoFigures(data)} />
      <Typography variant="body2" color="textSecondary">
        Comparé à la période {formatRange(data.previous.from, data.previous.to)}.
      </Typography>
      <AudienceCard
        days={days}
        fileName={csvFileName(`video ${data.video.id}`, `${data.from}-${data.to}`)}
      />
      <RetentionCard data={data} />
      <Typography variant="body2" color="textSecondary">
        Vues affichées sur la page de la vidéo depuis sa mise en ligne :{' '}
        {formatCount(data.video.views)}
      </Typography>
      <ViewsBefore views={data.viewsBefore} />
    </Box>
  );
};
