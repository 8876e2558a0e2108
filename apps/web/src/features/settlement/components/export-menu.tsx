import { Box } from '@mantine/core';
import type { TInvoiceFilter, TPaymentFilter } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { ExportMenu as ListExportMenu } from '../../../components/export-menu';
import { asLanguage } from '../../../lib/i18n';
import { settlementFileName, exportSettlement, type SettlementExportKind } from '../api/export-settlement';

/** Export of the invoice or payment list with the applied search, as Excel or CSV (components/export-menu). */
export function ExportMenu({ kind, filter }: { kind: SettlementExportKind; filter: TInvoiceFilter | TPaymentFilter }) {
  const { t, i18n } = useTranslation('settlement');
  return (
    <Box my="xs">
      <ListExportMenu
        label={t(`export.label.${kind}`)}
        testId={`export-${kind}`}
        fileName={(format) => settlementFileName(kind, format)}
        run={(format, onProgress) => exportSettlement(kind, filter, asLanguage(i18n.language), format, onProgress)}
      />
    </Box>
  );
}
