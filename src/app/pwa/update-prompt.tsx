/** "A new version is ready": shown when an update waits; installs only on request. */
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useState, useSyncExternalStore } from 'react';
import { installUpdate, isUpdateReady, subscribeUpdate } from './register-service-worker';
import { useHasUnsavedWork } from './unsaved-work';

export function UpdatePrompt() {
  const isReady = useSyncExternalStore(subscribeUpdate, isUpdateReady, isUpdateReady);
  const hasUnsavedWork = useHasUnsavedWork();
  const [isDismissed, setDismissed] = useState(false);
  if (!isReady || isDismissed) return null;
  return (
    <Box
      role="region"
      aria-label="App update"
      position="fixed"
      insetX="3"
      bottom="3"
      zIndex="banner"
      mx="auto"
      maxW="lg"
      bg="gray.900"
      color="white"
      rounded="lg"
      shadow="lg"
      p="3"
    >
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text fontSize="sm">
          {hasUnsavedWork
            ? 'A new version of Nambala is ready. Save or finish your form first, then update.'
            : 'A new version of Nambala is ready.'}
        </Text>
        <HStack gap="2">
          <Button
            size="sm"
            variant="ghost"
            color="white"
            _hover={{ bg: 'whiteAlpha.200' }}
            onClick={() => setDismissed(true)}
          >
            Later
          </Button>
          <Button size="sm" colorPalette="green" disabled={hasUnsavedWork} onClick={() => void installUpdate()}>
            Update now
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
