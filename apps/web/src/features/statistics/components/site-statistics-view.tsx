import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SiteDay, SiteStatistics } from '@plateau/contract';
import { formatBytes } from '../../../lib/transfer-format.ts';
import { formatCount, formatDay, formatRange, formatStorage } from '../statistics-format.ts';
import {
  everyDay,
  groupDays,
  groupTick,
  groupLabel,
  groupUnit,
  sumOf,
} from '../statistics-groups.ts';
import {
  storageTable,
  topDirectsTable,
  topVideosTable,
  uploadsTable,
} from '../statistics-tables.ts';
import { csvFileName } from '../statistics-table.ts';
import { ChartCard } from './chart-card.tsx';
import { AudienceCard, ViewsBefore } from './audience-card.tsx';
import { DailyLineChart, GroupBarChart } from './charts.tsx';
import { KeyFigures } from './key-figures.tsx';
import { siteFigures } from '../statistics-figures.ts';

const emptyDay = (day: string): SiteDay => ({
  day,
  views: 0,
  viewers: 0,
  seconds: 0,
  uploads: 0,
  storageBytes: null,
});

const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;

/** The site's statistics of one period: figures, charts, tops and the views from before. */
export const SiteStatisticsView = ({ data }: { data: SiteStatistics }) => {
  const days = everyDay(data.from, data.to, data.days, emptyDay);
  const suffix = `${data.from}-${data.to}`;
  const unit = groupUnit(data.from, data.to, 31);
  const groups = groupDays(days, unit);
  const uploads = uploadsTable('Mises en ligne', groups, unit);
  const storage = storageTable('Stockage utilisé', days);
  const videos = topVideosTable('Vidéos les plus vues', data.topVideos);
  const directs = topDirectsTable('Directs les plus suivis', data.topDirects);
  const measured = days.filter((day) => day.storageBytes !== null).at(-1);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <KeyFigures label="Chiffres de la période" figures={siteFigures(data)} />
      <Typography variant="body2" color="textSecondary">
        Comparé à la période {formatRange(data.previous.from, data.previous.to)}.
      </Typography>
      <AudienceCard days={days} fileName={csvFileName('audience par jour', suffix)} />
      <Box sx={twoColumns}>
        <ChartCard
          title="Mises en ligne"
          description={`Vidéos mises en ligne, ${formatCount(sumOf(days, (day) => day.uploads))} sur la période`}
          table={uploads}
          fileName={csvFileName(uploads.caption, suffix)}
          chart={
            <GroupBarChart
              label="Graphique : vidéos mises en ligne"
              groups={groups.map((group) => ({
                tick: groupTick(group, unit),
                name: groupLabel(group, unit),
              }))}
              series={[
                {
                  label: 'Mises en ligne',
                  data: groups.map((group) => sumOf(group.items, (day) => day.uploads)),
                },
              ]}
            />
          }
        />
        <ChartCard
          title="Stockage utilisé"
          description={
            measured
              ? `Fichiers des vidéos en fin de journée : ${formatStorage(measured.storageBytes)} le ${formatDay(measured.day)}`
              : 'Pas encore mesuré sur cette période'
          }
          table={storage}
          fileName={csvFileName(storage.caption, suffix)}
          chart={
            <DailyLineChart
              label="Graphique : stockage utilisé par jour"
              days={days.map((day) => day.day)}
              leftFormat={formatBytes}
              leftWidth={68}
              fromZero={false}
              series={[
                {
                  label: 'Stockage',
                  data: days.map((day) => day.storageBytes),
                  format: formatBytes,
                  curve: 'stepAfter',
                },
              ]}
            />
          }
        />
      </Box>
      <Box sx={twoColumns}>
        <ChartCard
          title="Vidéos les plus vues"
          table={videos}
          fileName={csvFileName(videos.caption, suffix)}
          emptyText="Aucune vue sur cette période."
          tableHeight={null}
        />
        <ChartCard
          title="Directs les plus suivis"
          table={directs}
          fileName={csvFileName(directs.caption, suffix)}
          emptyText="Aucun direct sur cette période."
          tableHeight={null}
        />
      </Box>
      <ViewsBefore views={data.viewsBefore} since={data.since} />
    </Box>
  );
};
