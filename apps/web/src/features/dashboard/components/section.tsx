import { Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SectionProps {
  title: string;
  /** id of the heading, for aria-labelledby */
  id: string;
  /** height of the body while loading, empty or failed, so the page does not jump */
  minBodyHeight?: number;
  state: 'pending' | 'error' | 'empty' | 'ready';
  emptyText?: string;
  onRetry?: () => void;
  action?: ReactNode;
  children?: ReactNode;
}

/** A dashboard part with its own loading, empty and error state: a failing call blanks only its part. */
export function Section({ title, id, minBodyHeight = 120, state, emptyText, onRetry, action, children }: SectionProps) {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id} h="100%">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {state === 'ready' ? (
        children
      ) : (
        <Center mih={minBodyHeight} role={state === 'pending' ? 'status' : undefined} aria-live="polite">
          {state === 'pending' && <Loader size="sm" aria-label={t('common:app.loading')} />}
          {state === 'empty' && (
            <Text c="dimmed" size="sm">
              {emptyText ?? t('states.empty')}
            </Text>
          )}
          {state === 'error' && (
            <Stack align="center" gap="xs">
              <Text c="red.8" size="sm">
                {t('states.error')}
              </Text>
              {onRetry && (
                <Button variant="light" size="xs" onClick={onRetry}>
                  {t('common:app.retry')}
                </Button>
              )}
            </Stack>
          )}
        </Center>
      )}
    </Card>
  );
}

/**
 * The state and data of a query as a section shows them. The data is deferred (useDeferredValue):
 * react-query updates components synchronously (useSyncExternalStore), so a section's first render
 * with its data ran as one blocking task while the page loads; deferred, React renders it as
 * background work in slices of a few milliseconds, and the section shows its loader until then.
 */
export function useSectionData<T>(q: { isError: boolean; data?: T }, isEmpty: (data: T) => boolean) {
  const data = useDeferredValue(q.data);
  const state = q.isError
    ? ('error' as const)
    : data === undefined
      ? ('pending' as const)
      : isEmpty(data)
        ? ('empty' as const)
        : ('ready' as const);
  return { state, data };
}
