import { Button, Group, Loader, Paper, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconList, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessageKey } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBoardPost } from '../api/get-board-post';
import { useSavePost } from '../api/save-post';
import { isBoardName, isWritable, listPath, UnknownBoard, useDeleteFlow, useOwner } from './board-common';
import { htmlIsEmpty, LazyRichTextInput } from './lazy-editor';

/** Spec §2/§4 board edit: title, rich text, save, list, delete when editing. */
export function BoardEditPage() {
  const { bbs_name, idx } = useParams();
  if (!isBoardName(bbs_name)) return <UnknownBoard />;
  // the notice board has no write screen (spec §6)
  if (!isWritable(bbs_name)) return <Navigate to={listPath(bbs_name)} replace />;
  const n = idx ? Number(idx) : undefined;
  if (idx && !(Number.isInteger(n) && n! > 0)) return <Navigate to={listPath(bbs_name)} replace />;
  return <BoardEdit key={`${bbs_name}/${idx ?? ''}`} bbsName={bbs_name} idx={n} />;
}

function BoardEdit({ bbsName, idx }: { bbsName: 'notice' | 'qna'; idx?: number }) {
  const { t } = useTranslation(['help', 'common']);
  const navigate = useNavigate();
  const post = useBoardPost(bbsName, idx, false);
  const { me, owns } = useOwner();
  const save = useSavePost(bbsName);
  const remove = useDeleteFlow(bbsName, () => navigate(listPath(bbsName)));
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const [loaded, setLoaded] = useState(!idx);

  // spec §6: another owner's post (or one the user cannot see) sends back to the list
  useEffect(() => {
    if (!idx) return;
    if (post.isError) navigate(listPath(bbsName), { replace: true });
    else if (post.data && me) {
      if (!owns(post.data) || post.data.deleted) navigate(listPath(bbsName), { replace: true });
      else if (!loaded) {
        setTitle(post.data.title);
        setContent(post.data.content);
        setLoaded(true);
      }
    }
  }, [idx, post.isError, post.data, me, owns, loaded, navigate, bbsName]);

  const fillOut = (field: 'title' | 'content') => t('common:messages.fillOut', { obj: t(`fields.${field}`) });

  const submit = async () => {
    const next = {
      title: title.trim() ? undefined : fillOut('title'),
      content: htmlIsEmpty(content) ? fillOut('content') : undefined,
    };
    setErrors(next);
    if (next.title || next.content) {
      notifyError(next.title ?? next.content!);
      return;
    }
    try {
      await save.mutateAsync({ idx, body: { title: title.trim(), content } });
      notifySuccess(t('notifications.saved'));
      navigate(listPath(bbsName));
    } catch (e) {
      notifyError(t(`common:${errorMessageKey(e)}`));
    }
  };

  if (idx && !loaded) return <Loader aria-label={t('common:app.loading')} />;

  return (
    <>
      <PageHeader title={idx ? t('edit.editTitle') : t('edit.writeTitle')} />
      <Paper withBorder p="md">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <TextInput
              id="post-title"
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
              id="post-content"
              label={t('fields.content')}
              value={content}
              onChange={(html) => {
                setContent(html);
                setErrors((x) => ({ ...x, content: undefined }));
              }}
              error={errors.content}
            />
            <Group justify="space-between">
              <Button variant="default" leftSection={<IconList size={16} aria-hidden />} onClick={() => navigate(listPath(bbsName))}>
                {t('common:actions.list')}
              </Button>
              <Group gap="xs">
                {idx && post.data && (
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => void remove(post.data)}
                  >
                    {t('common:actions.delete')}
                  </Button>
                )}
                <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
                  {t('common:actions.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
