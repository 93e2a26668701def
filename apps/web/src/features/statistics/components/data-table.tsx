import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '../visually-hidden.ts';
import { cellText, type TableCell as Cell, type TableData } from '../statistics-table.ts';

interface DataTableProps {
  table: TableData;
  /** A long table scrolls inside this height on screen (never in print). */
  maxHeight?: number;
  /** The caption is read by screen readers only when the card's title already says it. */
  hideCaption?: boolean;
  size?: 'small' | 'medium';
}

const CellContent = ({ cell }: { cell: Cell }) =>
  cell.to ? (
    <Link component={RouterLink} to={cell.to}>
      {cellText(cell)}
    </Link>
  ) : (
    cellText(cell)
  );

/**
 * A chart's numbers as a real table: a caption, column headers, the first cell of each row as its
 * header. It scrolls on its own (and can be reached with the keyboard) rather than the page.
 */
export const DataTable = ({
  table,
  maxHeight,
  hideCaption = false,
  size = 'small',
}: DataTableProps) => (
  <TableContainer
    tabIndex={0}
    role="region"
    aria-label={`Tableau : ${table.caption}`}
    sx={{
      maxHeight,
      overflow: 'auto',
      '@media print': { maxHeight: 'none', overflow: 'visible' },
    }}
  >
    <Table
      size={size}
      stickyHeader={maxHeight !== undefined}
      // Narrower cells on a phone: four columns fit in 360 px without scrolling sideways.
      sx={{
        '& .MuiTableCell-root': {
          px: { xs: 0.75, sm: 2 },
          fontSize: { xs: '0.8125rem', sm: '0.875rem' },
        },
      }}
    >
      <caption
        style={
          hideCaption
            ? visuallyHidden
            : { captionSide: 'top', textAlign: 'left', padding: '0 0 8px' }
        }
      >
        {table.caption}
      </caption>
      <TableHead>
        <TableRow>
          {table.columns.map((column) => (
            <TableCell
              key={column.label}
              scope="col"
              align={column.numeric ? 'right' : 'left'}
              sx={{
                fontWeight: 700,
                lineHeight: 1.3,
                verticalAlign: 'bottom',
                bgcolor: 'background.paper',
              }}
            >
              {column.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {table.rows.map((row, index) => (
          <TableRow key={index}>
            {row.map((cell, column) =>
              column === 0 ? (
                <TableCell
                  key={column}
                  component="th"
                  scope="row"
                  sx={{ minWidth: { xs: 0, sm: 120 } }}
                >
                  <CellContent cell={cell} />
                </TableCell>
              ) : (
                <TableCell
                  key={column}
                  align={table.columns[column]?.numeric ? 'right' : 'left'}
                  sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                >
                  <CellContent cell={cell} />
                </TableCell>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);
