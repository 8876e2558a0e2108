import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type BookSearchKey = 'title' | 'isbn';

interface Props {
  searchKey: BookSearchKey;
  keyword: string;
  onChange: (patch: { searchKey?: BookSearchKey; keyword?: string }) => void;
  /** i18n key of the keyword's error, if any */
  error?: string;
}

/** Spec §9 "book search key: title or ISBN": the key select and the keyword, for every book list. */
export function BookKeywordFields({ searchKey, keyword, onChange, error }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('search.searchKey')}
        data={[
          { value: 'title', label: t('search.title') },
          { value: 'isbn', label: t('search.isbn') },
        ]}
        value={searchKey}
        onChange={(v) => onChange({ searchKey: (v ?? 'title') as BookSearchKey })}
        allowDeselect={false}
        w={120}
        data-testid="filter-search-key"
      />
      <TextInput
        label={t('search.keyword')}
        value={keyword}
        onChange={(e) => onChange({ keyword: e.currentTarget.value })}
        error={error ? t(error) : undefined}
        w={220}
        data-testid="filter-keyword"
      />
    </>
  );
}
