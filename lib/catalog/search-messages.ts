// What the search page says of words it cannot search: the text check's own message for a sample of the kind
// (search-state.ts), so the page and every other text field speak alike.
import { text } from '../core/validation/text';
import { SEARCH_MAX_LENGTH } from './search-query';
import { INVALID_SAMPLES, type InvalidSearch } from './search-state';

const searchText = text({ max: SEARCH_MAX_LENGTH, label: 'Search' });

export function invalidSearchMessage(code: InvalidSearch): string {
  const checked = searchText.safeParse(INVALID_SAMPLES[code]);
  return checked.success ? '' : (checked.error.issues[0]?.message ?? '');
}
