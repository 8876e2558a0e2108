import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TUserSession } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useEndSessions, useSessions } from '../api/sessions';

/**
 * (issue 58) The user's sessions: the device (its browser's own description), the address and the times of each;
 * any other one can be ended, or all of them at once. The current one ends by logging out.
 */
export function SessionsSection() {
  const { t } = useTranslation(['company', 'common']);
  const sessions = useSessions();
  const end = useEndSessions();
  const others = (sessions.data?.dataset ?? []).filter((s) => !s.current);

  const endSessions = (id: string | null) =>
    end.mutate(id, {
      onSuccess: (r) => notifySuccess(t('sessions.ended', { count: r.ended })),
      onError: (err) => notifyError(t(`common:${errorMessageKey(err)}`)),
    });

  const row = (s: TUserSession) => (
    <Table.Tr key={s.id} data-testid="session-row">
      <Table.Td style={{ wordBreak: 'break-word' }}>
        {/* a browser's User-Agent runs to 120 characters and more: one line here, the whole of it on hover */}
        <Text size="sm" lineClamp={1} maw={360} title={s.user_agent || undefined}>
          {s.user_agent || t('sessions.unknownDevice')}
        </Text>
        {s.current && (
          <Badge size="sm" variant="light" mt={4}>
            {t('sessions.current')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{s.ip}</Table.Td>
      <Table.Td>{formatDateTime(s.logged_in_at)}</Table.Td>
      <Table.Td>{s.last_used_at ? formatDateTime(s.last_used_at) : '—'}</Table.Td>
      <Table.Td>
        {!s.current && (
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => endSessions(s.id)}
            loading={end.isPending && end.variables === s.id}
            aria-label={t('sessions.endOne', { device: s.user_agent || t('sessions.unknownDevice') })}
          >
            {t('sessions.end')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="account-sessions">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id="account-sessions">
              {t('sessions.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('sessions.intro')}
            </Text>
          </div>
          <Button
            variant="light"
            color="red"
            disabled={others.length === 0}
            loading={end.isPending && end.variables === null}
            onClick={() => endSessions(null)}
            data-testid="end-other-sessions"
          >
            {t('sessions.endOthers')}
          </Button>
        </Group>
        {sessions.isError && (
          <Alert color="red" role="alert">
            {t('common:errors.communication')}
          </Alert>
        )}
        {sessions.isPending ? (
          <Group justify="center" p="md">
            <Loader aria-label={t('common:app.loading')} />
          </Group>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs" aria-labelledby="account-sessions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sessions.device')}</Table.Th>
                  <Table.Th>{t('sessions.address')}</Table.Th>
                  <Table.Th>{t('sessions.loggedIn')}</Table.Th>
                  <Table.Th>{t('sessions.lastUsed')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('sessions.end')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{sessions.data?.dataset.map(row)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
