/**
 * Refuses passwords that are easy to guess: common passwords, keyboard patterns,
 * sequences and repeats, as zxcvbn-ts (with its common-password dictionary) scores them.
 * A score under 2 ("too guessable" and "very guessable") is refused: "password",
 * "12345678" and eight spaces among them. Checked on the server only (sign-up, password
 * change, password reset), so the dictionary never weighs on the app's first load.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_TOO_EASY =
  'This password is too easy to guess: it is a common password, a keyboard pattern or a sequence. Choose a longer one, such as three unrelated words.';

const MIN_SCORE = 2;
// zxcvbn's work grows with length; what makes a password guessable shows in its start.
const CHECKED_LENGTH = 100;

let factory: ZxcvbnFactory | undefined;

export function isTooEasyToGuess(password: string): boolean {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return factory.check(password.slice(0, CHECKED_LENGTH)).score < MIN_SCORE;
}
