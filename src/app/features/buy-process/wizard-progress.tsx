/**
 * The progress indicator: Personal Info, Payment, Confirmation. An ordered list whose
 * current item has aria-current="step"; finished steps say so in words as well as with a tick.
 */
import { Box, Circle, Flex, Text, VisuallyHidden } from '@chakra-ui/react';
import { WIZARD_STEPS, type WizardStep } from '#domain/applications/wizard-steps';
import { CheckIcon } from '../../components/icons';

export function WizardProgress({ step }: { step: WizardStep }) {
  return (
    <Box as="nav" aria-label="Application progress">
      <Flex as="ol" listStyleType="none" m="0" p="0">
        {WIZARD_STEPS.map((label, index) => {
          const number = index + 1;
          const isDone = number < step;
          const isCurrent = number === step;
          return (
            <Flex
              as="li"
              key={label}
              flex="1"
              direction="column"
              align="center"
              gap="2"
              position="relative"
              aria-current={isCurrent ? 'step' : undefined}
              // The line joining this step to the one before it, drawn behind the circles.
              _before={
                index === 0
                  ? undefined
                  : {
                      content: '""',
                      position: 'absolute',
                      top: '4',
                      right: '50%',
                      width: '100%',
                      height: '2px',
                      bg: number <= step ? 'brand.solid' : 'border',
                    }
              }
            >
              <Circle
                size="8"
                position="relative"
                zIndex="1"
                fontWeight="semibold"
                fontSize="sm"
                bg={isDone || isCurrent ? 'brand.solid' : 'bg'}
                color={isDone || isCurrent ? 'brand.contrast' : 'fg.muted'}
                borderWidth="2px"
                borderColor={isDone || isCurrent ? 'brand.solid' : 'border.emphasized'}
                aria-hidden
              >
                {isDone ? <CheckIcon boxSize="4" /> : number}
              </Circle>
              <Text
                fontSize={{ base: 'xs', sm: 'sm' }}
                fontWeight={isCurrent ? 'semibold' : 'normal'}
                color={isCurrent ? 'fg' : 'fg.muted'}
                textAlign="center"
              >
                {label}
                <VisuallyHidden>
                  {isDone ? ' (completed)' : isCurrent ? ` (step ${number} of ${WIZARD_STEPS.length}, current)` : ''}
                </VisuallyHidden>
              </Text>
            </Flex>
          );
        })}
      </Flex>
    </Box>
  );
}
