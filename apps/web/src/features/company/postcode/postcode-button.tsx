import { Alert, Box, Button, Modal } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPostcode, type PostcodeAddress, type PostcodeWidget } from './postcode';

/**
 * The zip-code search button of KOR addresses: opens the postcode widget in a modal; the chosen
 * address fills the zip code and the first address line. When the widget cannot load (offline),
 * the user is told and types the address by hand.
 */
export function PostcodeButton({ onPick, testId }: { onPick: (a: PostcodeAddress) => void; testId?: string }) {
  const { t } = useTranslation(['company', 'common']);
  const [widget, setWidget] = useState<PostcodeWidget | null>(null);
  const [loading, setLoading] = useState(false);
  const [unavailable, setUnavailable] = useState(false);

  const open = async () => {
    setLoading(true);
    try {
      setWidget(await loadPostcode());
      setUnavailable(false);
    } catch {
      setUnavailable(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconSearch size={16} aria-hidden />}
        onClick={() => void open()}
        loading={loading}
        data-testid={testId ?? 'postcode-search'}
      >
        {t('actions.searchZip')}
      </Button>
      {unavailable && (
        <Alert color="yellow" role="alert" data-testid="postcode-unavailable" style={{ flexBasis: '100%' }}>
          {t('notifications.postcodeUnavailable')}
        </Alert>
      )}
      <Modal
        opened={!!widget}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        onClose={() => setWidget(null)}
        title={t('postcode.title')}
        size="lg"
        centered
        zIndex={400}
      >
        {widget && (
          <PostcodeFrame
            widget={widget}
            onComplete={(a) => {
              setWidget(null);
              onPick(a);
            }}
          />
        )}
      </Modal>
    </>
  );
}

function PostcodeFrame({ widget, onComplete }: { widget: PostcodeWidget; onComplete: (a: PostcodeAddress) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const done = useRef(onComplete);
  done.current = onComplete;
  useEffect(() => {
    if (ref.current) widget.embed(ref.current, (a) => done.current(a));
  }, [widget]);
  return <Box ref={ref} h={460} data-testid="postcode-widget" />;
}
