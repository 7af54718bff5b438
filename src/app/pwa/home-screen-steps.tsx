/** How to add Nambala to the home screen of an iPhone or iPad, whose browsers have no install prompt. */
import { Button, List, Text } from '@chakra-ui/react';
import { AppDialog } from '../components/app-dialog';

export function HomeScreenSteps({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <AppDialog
      title="Add Nambala to your Home Screen"
      isOpen={isOpen}
      onClose={onClose}
      footer={
        <Button colorPalette="brand" onClick={onClose}>
          Done
        </Button>
      }
    >
      <List.Root as="ol" gap="2" ps="5">
        <List.Item>
          Tap the <strong>Share</strong> button (the square with an arrow pointing up) in the browser&rsquo;s toolbar.
        </List.Item>
        <List.Item>
          Scroll down and tap <strong>Add to Home Screen</strong>.
        </List.Item>
        <List.Item>
          Tap <strong>Add</strong>. Nambala then opens from its icon like any other app, and works offline.
        </List.Item>
      </List.Root>
      <Text mt="3" fontSize="sm" color="fg.muted">
        On an iPad the Share button is at the top right of the screen.
      </Text>
    </AppDialog>
  );
}
