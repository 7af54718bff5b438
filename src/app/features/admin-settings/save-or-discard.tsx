/**
 * The two buttons under a settings form: save (online, once something changed) and discard
 * what was typed. Saving needs the server; the settings are the registry's, not the device's.
 */
import { Button, Flex } from '@chakra-ui/react';

interface SaveOrDiscardProps {
  saveLabel: string;
  isSaving: boolean;
  isOnline: boolean;
  isChanged: boolean;
  onDiscard: () => void;
}

export function SaveOrDiscard({ saveLabel, isSaving, isOnline, isChanged, onDiscard }: SaveOrDiscardProps) {
  return (
    <Flex gap="3" wrap="wrap">
      <Button
        type="submit"
        colorPalette="brand"
        loading={isSaving}
        loadingText="Saving…"
        disabled={!isOnline || !isChanged}
      >
        {saveLabel}
      </Button>
      <Button variant="outline" disabled={!isChanged || isSaving} onClick={onDiscard}>
        Discard changes
      </Button>
    </Flex>
  );
}
