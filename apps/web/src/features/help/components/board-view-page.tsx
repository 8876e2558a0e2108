import type { TBoardPost } from '@portal/contract';
import {
  Box,
  Button,
  Collapse,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
  Typography,
} from '@mantine/core';
import { IconArrowBackUp, IconEdit, IconList, IconMessageCircle, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { errorMessageKey } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateComment } from '../api/create-comment';
import { useComments } from '../api/get-comments';
import { useBoardPost } from '../api/get-board-post';
import { useSavePost } from '../api/save-post';
import { isBoardName, isWritable, listPath, PostTitle, UnknownBoard, useDeleteFlow, useOwner } from './board-common';
import { htmlIsEmpty, LazyRichTextInput } from './lazy-editor';

/** Spec §2 board view: title, content, a reply form that toggles open, comments as a timeline. */
export function BoardViewPage() {
  const { bbs_name, idx } = useParams();
  if (!isBoardName(bbs_name)) return <UnknownBoard />;
  const n = Number(idx);
  if (!idx || !Number.isInteger(n) || n < 1) return <Navigate to={listPath(bbs_name)} replace />;
  return <BoardView key={`${bbs_name}/${n}`} bbsName={bbs_name} idx={n} />;
}

function BoardView({ bbsName, idx }: { bbsName: 'notice' | 'qna'; idx: number }) {
  const { t } = useTranslation(['help', 'common']);
  const navigate = useNavigate();
  const post = useBoardPost(bbsName, idx, true);
  const { owns } = useOwner();
  const remove = useDeleteFlow(bbsName, () => navigate(listPath(bbsName)));

  // spec §6: a post outside the user's division (answered 404) sends back to the list
  useEffect(() => {
    if (post.isError) navigate(listPath(bbsName), { replace: true });
  }, [post.isError, navigate, bbsName]);

  if (!post.data) return <Loader aria-label={t('common:app.loading')} />;
  const p = post.data;
  // a placeholder left by a deletion takes no reply or comment (its thread and comments stay readable)
  const writable = isWritable(bbsName) && !p.deleted;

  return (
    <>
      <Paper withBorder p="md" data-testid="post-view">
        <Title order={1} size="h2" data-testid="post-title">
          <PostTitle post={p} />
        </Title>
        <Group gap="md" mt={6} c="dimmed">
          {!p.deleted && <Text size="sm">{p.name}</Text>}
          <Text size="sm">{formatDateTime(p.created_at)}</Text>
          <Text size="sm">{t('view.views', { count: p.view_count })}</Text>
        </Group>
        <Divider my="md" />
        {/* content was sanitized by the server with an allow-list when it was written */}
        {p.deleted ? (
          <Text c="dimmed" data-testid="post-content">
            {t('deletedPost.text')}
          </Text>
        ) : (
          <Typography>
            <Box className="post-content" data-testid="post-content" dangerouslySetInnerHTML={{ __html: p.content }} />
          </Typography>
        )}
        <Divider my="md" />
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconList size={16} aria-hidden />} onClick={() => navigate(listPath(bbsName))}>
            {t('common:actions.list')}
          </Button>
          {owns(p) && !p.deleted && (
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconEdit size={16} aria-hidden />}
                onClick={() => navigate(`/help/bbs/${bbsName}/edit/${p.idx}`)}
              >
                {t('common:actions.edit')}
              </Button>
              <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void remove(p)}>
                {t('common:actions.delete')}
              </Button>
            </Group>
          )}
        </Group>
      </Paper>
      {writable && <ReplyForm bbsName={bbsName} parent={p} />}
      <Comments bbsName={bbsName} idx={p.idx} canComment={writable} />
    </>
  );
}

/** Spec §4: the reply form toggles open, then saves; title and content are required. */
function ReplyForm({ bbsName, parent }: { bbsName: 'notice' | 'qna'; parent: TBoardPost }) {
  const { t } = useTranslation(['help', 'common']);
  const navigate = useNavigate();
  const save = useSavePost(bbsName);
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(() => t('view.replyDefaultTitle', { title: parent.title }).slice(0, 200));
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const fillOut = (field: 'title' | 'content') => t('common:messages.fillOut', { obj: t(`fields.${field}`) });

  const submit = async () => {
    const next = { title: title.trim() ? undefined : fillOut('title'), content: htmlIsEmpty(content) ? fillOut('content') : undefined };
    setErrors(next);
    if (next.title || next.content) {
      notifyError(next.title ?? next.content!);
      return;
    }
    try {
      await save.mutateAsync({ body: { title: title.trim(), content, parentIdx: parent.idx } });
      notifySuccess(t('notifications.saved'));
      navigate(listPath(bbsName));
    } catch (e) {
      notifyError(t(`common:${errorMessageKey(e)}`));
    }
  };

  return (
    <Paper withBorder p="md" mt="md">
      <Button
        variant={open ? 'default' : 'light'}
        leftSection={<IconArrowBackUp size={16} aria-hidden />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="reply-form"
        data-testid="reply-toggle"
      >
        {open ? t('view.closeReply') : t('view.reply')}
      </Button>
      <Collapse expanded={open}>
        <form
          id="reply-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {open && (
            <Stack mt="md">
              <Title order={2} size="h4">
                {t('view.replyTitle')}
              </Title>
              <TextInput
                id="reply-title"
                label={t('fields.title')}
                value={title}
                maxLength={200}
                onChange={(e) => {
                  setTitle(e.currentTarget.value);
                  setErrors((x) => ({ ...x, title: undefined }));
                }}
                error={errors.title}
                withAsterisk
              />
              <LazyRichTextInput
                id="reply-content"
                label={t('fields.content')}
                value={content}
                onChange={(html) => {
                  setContent(html);
                  setErrors((x) => ({ ...x, content: undefined }));
                }}
                error={errors.content}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} leftSection={<IconSend size={16} aria-hidden />}>
                  {t('common:actions.save')}
                </Button>
              </Group>
            </Stack>
          )}
        </form>
      </Collapse>
    </Paper>
  );
}

/** Comments as a timeline; a new one shows at once and is rolled back with a message if refused. */
function Comments({ bbsName, idx, canComment }: { bbsName: 'notice' | 'qna'; idx: number; canComment: boolean }) {
  const { t } = useTranslation(['help', 'common']);
  const comments = useComments(bbsName, idx);
  const { me } = useOwner();
  const create = useCreateComment(bbsName, idx, { idx: me?.idx ?? 0, name: me?.company_name ?? '' });
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const rows = comments.data ?? [];

  const submit = () => {
    const content = text.trim();
    if (!content) {
      const msg = t('common:messages.fillOut', { obj: t('fields.comments') });
      setError(msg);
      notifyError(msg);
      return;
    }
    setError(undefined);
    setText('');
    create.mutate(content, {
      onError: (e) => {
        setText(content);
        notifyError(t('notifications.commentRefused', { reason: t(`common:${errorMessageKey(e)}`) }));
      },
    });
  };

  return (
    <Paper withBorder p="md" mt="md" data-testid="comments">
      <Title order={2} size="h4" mb="md">
        {t('view.comments')} ({rows.length})
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('view.noComments')}
        </Text>
      ) : (
        <Timeline bulletSize={22} lineWidth={2} active={rows.length - 1}>
          {rows.map((c) => (
            <Timeline.Item
              key={c.idx}
              bullet={<IconMessageCircle size={12} aria-hidden />}
              title={c.name}
              data-testid="comment"
              data-pending={c.idx < 0 || undefined}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.content}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {c.idx < 0 ? t('view.sending') : formatDateTime(c.created_at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {canComment && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Group align="flex-end" mt="md" wrap="nowrap">
            <Textarea
              label={t('fields.comment')}
              placeholder={t('view.commentPlaceholder')}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                setError(undefined);
              }}
              error={error}
              autosize
              minRows={2}
              maxLength={2000}
              style={{ flex: 1 }}
            />
            <Button type="submit" leftSection={<IconSend size={16} aria-hidden />}>
              {t('view.addComment')}
            </Button>
          </Group>
        </form>
      )}
    </Paper>
  );
}
