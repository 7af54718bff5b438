/**
 * A table's sideways-scrolling frame that shows it scrolls: on a narrow screen the edge with
 * more columns beyond it fades, and a line under it (which a screen reader hears with the
 * table) says "Scroll sideways for more columns".
 * Without a cue a phone shows the first columns as if they were all (an administrator at
 * 360 px did not find QR System's Revoke).
 */
import { Box, Table, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type ScrollCue, scrollCue } from './scroll-cue';

const NONE: ScrollCue = { hasMoreBefore: false, hasMoreAfter: false };

function Fade({ side, isShown }: { side: 'start' | 'end'; isShown: boolean }) {
  return (
    <Box
      aria-hidden
      position="absolute"
      top="0"
      bottom="0"
      {...(side === 'start' ? { insetStart: '0' } : { insetEnd: '0' })}
      w="8"
      pointerEvents="none"
      roundedStart={side === 'start' ? 'lg' : undefined}
      roundedEnd={side === 'end' ? 'lg' : undefined}
      bgGradient={side === 'start' ? 'to-r' : 'to-l'}
      gradientFrom="blackAlpha.300"
      gradientTo="transparent"
      opacity={isShown ? 1 : 0}
      transition="opacity 0.15s"
    />
  );
}

export function ScrollingTable({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const [cue, setCue] = useState<ScrollCue>(NONE);
  const hintId = useId();

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => {
      const next = scrollCue(element);
      setCue((current) =>
        current.hasMoreBefore === next.hasMoreBefore && current.hasMoreAfter === next.hasMoreAfter ? current : next,
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    const table = element.firstElementChild;
    if (table) resized.observe(table);
    return () => {
      element.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, []);

  const scrolls = cue.hasMoreBefore || cue.hasMoreAfter;
  return (
    <Box>
      <Box position="relative">
        <Table.ScrollArea
          ref={frame}
          borderWidth="1px"
          rounded="lg"
          tabIndex={0}
          aria-describedby={scrolls ? hintId : undefined}
        >
          {children}
        </Table.ScrollArea>
        <Fade side="start" isShown={cue.hasMoreBefore} />
        <Fade side="end" isShown={cue.hasMoreAfter} />
      </Box>
      {scrolls && (
        <Text id={hintId} fontSize="xs" color="fg.muted" textAlign="end" mt="1">
          Scroll sideways for more columns <span aria-hidden>{cue.hasMoreAfter ? '→' : '←'}</span>
        </Text>
      )}
    </Box>
  );
}
