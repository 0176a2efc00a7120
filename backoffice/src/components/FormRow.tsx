import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Inputs side by side as far as they fit (react-admin's inputs take their cell's width), stacked on narrow screens. */
export function FormRow({ children, min = 200 }: { children: ReactNode; min?: number }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`,
        columnGap: 2,
        width: '100%',
      }}
    >
      {children}
    </Box>
  );
}
