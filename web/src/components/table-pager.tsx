import PaginationItem from '@mui/material/PaginationItem';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { pageButtons } from '@/utils/pagination';

export interface TablePagerProps {
  /** 1-based. */
  readonly page: number;
  readonly pagesCount: number;
  readonly onPageChange: (page: number) => void;
}

/**
 * Page buttons under a list: at most 8 numbers including the first and the last page, plus
 * previous/next arrows. When the list shrank below the current page it asks for page 1.
 */
export const TablePager = ({ page, pagesCount, onPageChange }: TablePagerProps) => {
  const beyond = pagesCount > 0 && page > pagesCount;
  useEffect(() => {
    if (beyond) onPageChange(1);
  }, [beyond, onPageChange]);

  if (pagesCount <= 1) return null;
  return (
    <Stack component="nav" aria-label="Страницы" direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <PaginationItem type="previous" disabled={page <= 1} onClick={() => onPageChange(page - 1)} aria-label="Предыдущая страница" />
      {pageButtons(page, pagesCount).map((slot) =>
        typeof slot === 'number' ? (
          <PaginationItem
            key={slot}
            type="page"
            page={slot}
            selected={slot === page}
            aria-current={slot === page ? 'page' : undefined}
            aria-label={`Страница ${slot}`}
            onClick={() => onPageChange(slot)}
          />
        ) : (
          <PaginationItem key={slot} type={slot === 'gap-before' ? 'start-ellipsis' : 'end-ellipsis'} />
        ),
      )}
      <PaginationItem type="next" disabled={page >= pagesCount} onClick={() => onPageChange(page + 1)} aria-label="Следующая страница" />
    </Stack>
  );
};
