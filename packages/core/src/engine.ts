// The one shape of every engine (spot, lever, micro): a step takes the engine's state and one
// command, and gives the next state with the events the server persists, or a refusal that
// changed nothing. Commands and events say what they are by `type`. The time comes in with the
// command, as the engines read no clock.

export interface StepContext {
  nowMs: number;
}

export type Stepped<S, E, R> = { state: S; events: E[] } | { rejection: R };

export type Step<S, C extends { type: string }, E extends { type: string }, R extends string> = (
  state: S,
  command: C,
  context: StepContext,
) => Stepped<S, E, R>;
