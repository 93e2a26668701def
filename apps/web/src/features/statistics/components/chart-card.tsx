import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import TableRowsIcon from '@mui/icons-material/TableRows';
import { downloadCsv, type TableData } from '../statistics-table.ts';
import { DataTable } from './data-table.tsx';

interface ChartCardProps {
  title: string;
  /** What is counted, under the title. */
  description?: ReactNode;
  /** The chart's numbers: its « Tableau » and its CSV. */
  table: TableData;
  fileName: string;
  /** The picture; without one, the card is its table. */
  chart?: ReactNode;
  /** Beside the figures, above the picture (a live's peak). */
  summary?: ReactNode;
  /** Said instead of an empty table (and nothing to export). */
  emptyText?: string;
  headingComponent?: 'h2' | 'h3';
  /** A long table scrolls inside this height; none: the table is as tall as it is. */
  tableHeight?: number | null;
}

/**
 * One chart of the statistics with its two other forms: « Tableau » (the same numbers in a table
 * a screen reader and a printer can use) and « Exporter en CSV ».
 */
export const ChartCard = ({
  title,
  description,
  table,
  fileName,
  chart,
  summary,
  emptyText,
  headingComponent = 'h2',
  tableHeight = 420,
}: ChartCardProps) => {
  const headingId = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const empty = table.rows.length === 0 && emptyText !== undefined;
  const showChart = chart !== undefined && view === 'chart';
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, display: 'grid', gap: 1.5, alignContent: 'start' }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component={headingComponent}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="textSecondary">
              {description}
            </Typography>
          )}
        </Box>
        <Box
          sx={{ display: empty ? 'none' : 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
        >
          {chart !== undefined && (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              aria-label={`Affichage : ${title}`}
              onChange={(_, next: 'chart' | 'table' | null) => next && setView(next)}
              sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
            >
              <ToggleButton value="chart" sx={{ gap: 0.5, textTransform: 'none' }}>
                <ShowChartIcon fontSize="small" aria-hidden />
                Graphique
              </ToggleButton>
              <ToggleButton value="table" sx={{ gap: 0.5, textTransform: 'none' }}>
                <TableRowsIcon fontSize="small" aria-hidden />
                Tableau
              </ToggleButton>
            </ToggleButtonGroup>
          )}
          <Button
            size="small"
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => downloadCsv(table, fileName)}
            aria-label={`Exporter en CSV : ${title}`}
          >
            Exporter en CSV
          </Button>
        </Box>
      </Box>
      {summary}
      {empty ? (
        <Typography color="textSecondary">{emptyText}</Typography>
      ) : showChart ? (
        chart
      ) : (
        <DataTable table={table} maxHeight={tableHeight ?? undefined} hideCaption />
      )}
    </Paper>
  );
};
