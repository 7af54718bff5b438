/**
 * The buy-process wizard (/buy-process): Personal Info, Payment, Confirmation. The step
 * rules live in wizard-reducer.ts and the device/server wiring in use-buy-process-wizard.ts;
 * this component lays the steps out and manages focus between them.
 */
import { Box, Button, Card, chakra, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { WIZARD_STEPS } from '#domain/applications/wizard-steps';
import { onDemand } from '../../components/loaded-when-open';
import { LoadedPart } from '../../components/loaded-part';
import { useOnlineStatus } from '../../components/use-online-status';
import { useDeviceSession } from '../../session/use-session';
import { whenReadyAndIdle } from '../../components/when-idle';
import { SUBMIT_OFFLINE } from '../../applications/application-messages';
import { payerPhoneOf } from '../../applications/payer-phone';
import { PersonalInfoStep } from './personal-info-step';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid';
import { useBuyProcessWizard } from './use-buy-process-wizard';
import { platesToPrice } from './wizard-reducer';
import { WizardProgress } from './wizard-progress';
import type { CollectionReport } from './collection-step';
import { ChosenNumbersSection } from './chosen-numbers-section';

// The payment and confirmation steps load once the page is idle, or when first shown: step 1 is drawn without them.
const paymentStep = onDemand(() => import('./payment-step').then((module) => module.PaymentStep));
// The plate shop and delivery: with step 2 too.
const collectionStep = onDemand(() => import('./collection-step').then((module) => module.CollectionStep));
const confirmationStep = onDemand(() => import('./confirmation-step').then((module) => module.ConfirmationStep));

export function BuyProcessPage() {
  const {
    state,
    changeField,
    commitNumberOfPlates,
    choosePaymentMethod,
    changePayerPhone,
    chooseNumbers,
    goNext,
    goPrevious,
    submit,
    startNewApplication,
  } = useBuyProcessWizard();
  const { step } = state;
  const isOnline = useOnlineStatus();
  // The device's idea of who is signed in, without asking the server: a visitor's page makes no
  // call that can only answer 401. The server judges at submit, and a 401 leads to sign-in.
  const session = useDeviceSession();
  // What step 2's plate shop and delivery choice reports; null until it has loaded.
  const [collection, setCollection] = useState<CollectionReport | null>(null);
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

  // The prices step 2 shows are asked for once the page is idle, as step 1 is filled in (its code is not in the first load).
  useEffect(() => {
    whenReadyAndIdle(() => {
      void import('../../payments/pricing-settings').then(
        (pricing) => pricing.refreshPricingSettings(),
        () => undefined,
      );
    });
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === 1) void goNext();
    else if (!collection || collection.check()) void submit(collection?.toSend());
    else
      formRef.current
        ?.querySelector<HTMLElement>('[aria-invalid="true"] input, textarea[aria-invalid="true"]')
        ?.focus();
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
              <LoadedPart
                source={confirmationStep}
                label="Loading the confirmation"
                props={{
                  numberOfPlates: state.submitted.numberOfPlates,
                  reference: state.submitted.reference,
                  // Kept as submitted: step 3 is final, so the chosen numbers no longer change.
                  numbers: state.chosenNumbers,
                  payment: state.submitted.payment,
                  applicationId: state.applicationId,
                  payerPhone: payerPhoneOf({ payerPhone: state.payerPhone, phoneNumber: state.fields.phoneNumber }),
                  headingRef: stepHeadingRef,
                  collectionStep: collection?.nextStep,
                }}
              />
            ) : (
              <chakra.form ref={formRef} onSubmit={handleSubmit} noValidate aria-labelledby="wizard-step-heading">
                <Stack gap="6">
                  <Stack gap="1">
                    <Text fontSize="sm" color="fg.muted">
                      Step {step} of {WIZARD_STEPS.length}
                    </Text>
                    <Heading
                      as="h2"
                      id="wizard-step-heading"
                      size="xl"
                      ref={stepHeadingRef}
                      tabIndex={-1}
                      outline="none"
                    >
                      {WIZARD_STEPS[step - 1]}
                    </Heading>
                  </Stack>

                  {step === 1 ? (
                    <>
                      <PersonalInfoStep
                        fields={state.fields}
                        errors={state.errors}
                        onChange={changeField}
                        onNumberOfPlatesBlur={commitNumberOfPlates}
                      />
                      <ChosenNumbersSection
                        numbers={state.chosenNumbers}
                        error={state.errors.plateNumbers}
                        onChange={chooseNumbers}
                      />
                    </>
                  ) : (
                    <LoadedPart
                      source={collectionStep}
                      label="Loading the plate shops"
                      props={{ applicationId: state.applicationId, onReport: setCollection }}
                    />
                  )}
                  {step === 2 && (
                    <LoadedPart
                      source={paymentStep}
                      label="Loading the payment step"
                      props={{
                        numberOfPlates: platesToPrice(state.fields),
                        paymentMethod: state.paymentMethod,
                        payerPhone: payerPhoneOf({
                          payerPhone: state.payerPhone,
                          phoneNumber: state.fields.phoneNumber,
                        }),
                        errors: state.errors,
                        onChoose: choosePaymentMethod,
                        onPayerPhoneChange: changePayerPhone,
                        deliveryFee: collection?.deliveryFee ?? 0,
                      }}
                    />
                  )}

                  {step === 2 && isOnline && session.status !== 'signed-in' && (
                    <Text fontSize="sm" color="fg.muted">
                      You'll be asked to sign in when you submit; your answers stay on this device and you come back
                      here.
                    </Text>
                  )}

                  {/* Always present so that why a submit did not go through, or that it cannot go now, is announced. */}
                  <Box role="status">
                    {step === 2 && !isOnline && (
                      <Box
                        bg="orange.subtle"
                        color="orange.fg"
                        borderWidth="1px"
                        borderColor="orange.muted"
                        rounded="md"
                        px="4"
                        py="3"
                      >
                        <Text fontSize="sm">{SUBMIT_OFFLINE}</Text>
                      </Box>
                    )}
                    {state.notice && (
                      <Box
                        bg="blue.subtle"
                        color="blue.fg"
                        borderWidth="1px"
                        borderColor="blue.muted"
                        rounded="md"
                        px="4"
                        py="3"
                      >
                        <Text fontSize="sm">{state.notice}</Text>
                        {state.isConflict && (
                          <Button type="button" size="sm" variant="outline" mt="3" onClick={startNewApplication}>
                            Start a new application with these details
                          </Button>
                        )}
                      </Box>
                    )}
                  </Box>

                  <Flex justify="space-between" gap="3" borderTopWidth="1px" pt="5">
                    <Button
                      type="button"
                      variant="outline"
                      onClick={goPrevious}
                      disabled={step === 1 || state.isSubmitting}
                    >
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
