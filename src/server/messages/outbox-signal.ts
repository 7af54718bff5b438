/**
 * How notify() tells the dispatcher, without knowing it, that messages were queued in this
 * process: a counter. A request during which the counter moved asks the dispatcher to send
 * once the request has been answered, that is after its transaction committed; messages
 * queued anywhere else are found by the dispatcher's timer.
 */
let queued = 0;

export function noteMessagesQueued(): void {
  queued += 1;
}

export function messagesQueuedSoFar(): number {
  return queued;
}
