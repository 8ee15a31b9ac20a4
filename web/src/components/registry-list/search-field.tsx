import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import { SEARCH_MAX } from '@domain/shared/search-terms';
import { DebouncedTextField } from '../debounced-text-field';

export interface RegistrySearch {
  /** The search sent with the list's filter ('' for none). */
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** What the field searches (its hint). */
  readonly placeholder: string;
  /** The field's debounce; a list that waits for its whole filter itself gives 0. */
  readonly delayMs?: number;
}

/** The toolbar's one search field: debounced like the filter's texts, its words join the chips. */
export const SearchField = ({ value, onChange, placeholder, delayMs }: RegistrySearch) => (
  <DebouncedTextField
    value={value}
    onChange={onChange}
    delayMs={delayMs}
    size="small"
    placeholder={placeholder}
    sx={{ minWidth: { xs: '100%', sm: 320 } }}
    slotProps={{
      htmlInput: { 'aria-label': 'Поиск', maxLength: SEARCH_MAX, type: 'search' },
      input: {
        startAdornment: (
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        ),
      },
    }}
  />
);
