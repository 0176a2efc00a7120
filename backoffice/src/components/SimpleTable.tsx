import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslate } from 'react-admin';

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string };

/** A small read-only table: one row of column heads, then the rows' cells as given. */
export function SimpleTable({
  heads,
  rows,
  rowAttributes,
  testId,
}: {
  heads: string[];
  rows: ReactNode[][];
  /** Extra attributes of a body row (e.g. a data-* hook for a journey). */
  rowAttributes?: (index: number) => RowAttributes;
  testId?: string;
}) {
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          {heads.map((head) => (
            <TableCell key={head}>{head}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((cells, index) => (
          <TableRow key={index} {...rowAttributes?.(index)}>
            {cells.map((cell, column) => (
              <TableCell key={column}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A heading over a SimpleTable, or a line saying there are no rows. */
export function TableSection({ title, heads, rows }: { title: string; heads: string[]; rows: ReactNode[][] }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{translate('bo.orders.none')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <SimpleTable heads={heads} rows={rows} />
        </Box>
      )}
    </Box>
  );
}
