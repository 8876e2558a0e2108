import { ActionIcon, Button, Group, Paper, Text } from '@mantine/core';
import { IconFileUpload, IconX } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

const ACCEPT = '.csv,.xlsx,.zip,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/zip';

const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * A drop area for one file that keyboards reach too: the button opens the browser's file chooser
 * (the input itself is hidden, named for assistive technology). (@mantine/dropzone is not installed.)
 */
export function FileDrop({ file, onChange, disabled }: { file: File | null; onChange: (f: File | null) => void; disabled?: boolean }) {
  const { t } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped && !disabled) onChange(dropped);
  };

  return (
    <Paper
      withBorder
      p="lg"
      style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined }}
      bg={over ? 'var(--mantine-primary-color-light)' : undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="import-drop"
    >
      <Group justify="center" gap="md">
        <IconFileUpload size={32} aria-hidden />
        <Text size="sm">{t('imports.drop')}</Text>
        <Button variant="default" onClick={() => input.current?.click()} disabled={disabled}>
          {t('imports.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label={t('imports.file')}
          data-testid="import-file"
          onChange={(e) => {
            onChange(e.currentTarget.files?.[0] ?? null);
            e.currentTarget.value = '';
          }}
        />
      </Group>
      {file && (
        <Group justify="center" gap="xs" mt="sm" data-testid="import-chosen">
          <Text size="sm" fw={500}>
            {t('imports.chosen', { name: file.name, size: sizeText(file.size) })}
          </Text>
          <ActionIcon variant="subtle" color="gray" onClick={() => onChange(null)} aria-label={t('imports.clear')} disabled={disabled}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </Paper>
  );
}
