/**
 * The buy-process wizard (/buy-process): Personal Info, Payment, Confirmation. The step
 * rules live in wizard-reducer.ts and the device/server wiring in use-buy-process-wizard.ts;
 * this component lays the steps out and manages focus between them.
 */
import { Box, Button, Card, chakra, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useRef } from 'react';
import { WIZARD_STEPS } from '#domain/applications/application-form';
import { DEFAULT_PRICING } from '#domain/pricing/pricing';
import { ConfirmationStep } from './confirmation-step';
import { PaymentStep } from './payment-step';
import { PersonalInfoStep } from './personal-info-step';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid';
import { useBuyProcessWizard } from './use-buy-process-wizard';
import { platesToPrice } from './wizard-reducer';
import { WizardProgress } from './wizard-progress';


export function BuyProcessPage() {
  const { state, changeField, commitNumberOfPlates, choosePaymentMethod, goNext, goPrevious, submit } = useBuyProcessWizard();
  const { step } = state;
  const formRef = useRef<HTMLFormElement>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  useEffect(() => {
    // A new step: move focus to its heading so screen readers announce where the user is.
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepHeadingRef.current?.focus();
  }, [step]);

  useFocusFirstInvalid(formRef, state.failedAttempts);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === 1) goNext();
    else void submit();
  }

  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            License Plate
          </Heading>
          <Text color="fg.muted">Complete your application in just a few simple steps</Text>
        </Stack>

        <WizardProgress step={step} />

        <Card.Root variant="outline">
          <Card.Body p={{ base: '4', md: '8' }}>
            {step === 3 && state.submitted ? (
              <ConfirmationStep numberOfPlates={state.submitted.numberOfPlates} reference={state.submitted.reference} headingRef={stepHeadingRef} />
            ) : (
              <chakra.form ref={formRef} onSubmit={handleSubmit} noValidate aria-labelledby="wizard-step-heading">
                <Stack gap="6">
                  <Stack gap="1">
                    <Text fontSize="sm" color="fg.muted">
                      Step {step} of {WIZARD_STEPS.length}
                    </Text>
                    <Heading as="h2" id="wizard-step-heading" size="xl" ref={stepHeadingRef} tabIndex={-1} outline="none">
                      {WIZARD_STEPS[step - 1]}
                    </Heading>
                  </Stack>

                  {step === 1 ? (
                    <PersonalInfoStep fields={state.fields} errors={state.errors} onChange={changeField} onNumberOfPlatesBlur={commitNumberOfPlates} />
                  ) : (
                    <PaymentStep
                      numberOfPlates={platesToPrice(state.fields)}
                      paymentMethod={state.paymentMethod}
                      error={state.errors.paymentMethod}
                      settings={DEFAULT_PRICING}
                      onChoose={choosePaymentMethod}
                    />
                  )}

                  {/* Always present so that why a submit did not go through is announced. */}
                  <Box role="status">
                    {state.notice && (
                      <Box bg="blue.subtle" color="blue.fg" borderWidth="1px" borderColor="blue.muted" rounded="md" px="4" py="3">
                        <Text fontSize="sm">{state.notice}</Text>
                      </Box>
                    )}
                  </Box>

                  <Flex justify="space-between" gap="3" borderTopWidth="1px" pt="5">
                    <Button type="button" variant="outline" onClick={goPrevious} disabled={step === 1 || state.isSubmitting}>
                      Previous
                    </Button>
                    {step === 1 ? (
                      <Button type="submit" colorPalette="brand">
                        Next
                      </Button>
                    ) : (
                      <Button type="submit" colorPalette="brand" loading={state.isSubmitting} loadingText="Submitting…">
                        Submit Application
                      </Button>
                    )}
                  </Flex>
                  <Text fontSize="xs" color="fg.muted">
                    Your answers are saved on this device as you type.
                  </Text>
                </Stack>
              </chakra.form>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
