export { DateRangeInput } from './date-range-input';
export { SearchForm } from './search-form';
export { useSavedSearch } from './use-saved-search';
export { BookKeywordFields } from './book-keyword-fields';
export { useListSearch, type FieldErrors } from './use-list-search';
